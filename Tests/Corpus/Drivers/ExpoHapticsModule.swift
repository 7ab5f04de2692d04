// Driver for expo-haptics' HapticsModule: the module is created, then JavaScript calls its functions.
import ExpoModulesCore

let module = HapticsModule(appContext: AppContext())
let definition = module.definition()
definition.create()
var intensity = HapticEventParameter()
intensity.parameterID = .hapticIntensity
intensity.value = 0.8
var tap = HapticEvent()
tap.eventType = .hapticTransient
tap.parameters = [intensity]
var pattern = HapticPattern()
pattern.events = [tap]
do {
    try definition.call("impactAsync", [HapticsModule.ImpactStyle.heavy])
    try definition.call("notificationAsync", [HapticsModule.NotificationType.success])
    try definition.call("selectionAsync")
    try definition.call("playPatternAsync", [pattern])
} catch {
    print("call: \(error)")
}
CorpusRecording.finishWhenHeard()
