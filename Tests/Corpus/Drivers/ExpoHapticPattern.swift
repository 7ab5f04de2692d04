// Driver for expo-haptics' HapticPattern records: a pattern as JavaScript passes it (a transient and a continuous
// event under an intensity curve), converted with the file's toCHHapticPattern() and played on an engine.
import OpenCoreHaptics

var intensity = HapticEventParameter()
intensity.parameterID = .hapticIntensity
intensity.value = 1
var tap = HapticEvent()
tap.eventType = .hapticTransient
tap.parameters = [intensity]
var buzz = HapticEvent()
buzz.eventType = .hapticContinuous
buzz.time = 0.05
buzz.eventDuration = 0.2
var start = HapticParameterCurveControlPoint()
start.relativeTime = 0
start.value = 1
var end = HapticParameterCurveControlPoint()
end.relativeTime = 0.2
end.value = 0.2
var fade = HapticParameterCurve()
fade.parameterID = .hapticIntensityControl
fade.controlPoints = [start, end]
var pattern = HapticPattern()
pattern.events = [tap, buzz]
pattern.parameterCurves = [fade]
do {
    let engine = try CHHapticEngine()
    try engine.start()
    let player = try engine.makePlayer(with: try pattern.toCHHapticPattern())
    try player.start(atTime: CHHapticTimeImmediate)
} catch {
    print("pattern: \(error)")
}
CorpusRecording.finishWhenHeard()
