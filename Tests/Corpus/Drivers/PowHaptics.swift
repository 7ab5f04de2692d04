// Driver for Pow's custom haptics: a view that uses custom haptics acquires the engine, then an effect plays a
// pattern on it (Pow's effects build their patterns from CHHapticEvents like this one).
import OpenCoreHaptics

Haptics.acquire()
let tap = CHHapticEvent(
    eventType: .hapticTransient, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 1)], relativeTime: 0)
do {
    Haptics.play(try CHHapticPattern(events: [tap], parameters: []))
} catch {
    print("pattern: \(error)")
}
CorpusRecording.finishWhenHeard()
