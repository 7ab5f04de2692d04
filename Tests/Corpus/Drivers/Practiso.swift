// Driver for Practiso's CoreHapticFeedback: the app bundle's AHAP/Wobble.ahap (written here beside the executable,
// which is the main bundle on Linux) played through `playPattern(from:)`.
import Foundation

let folder = URL(fileURLWithPath: Bundle.main.bundlePath).appendingPathComponent("AHAP")
try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let wobble = """
    {"Version": 1, "Pattern": [
      {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [
        {"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
      {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.2, "EventParameters": [
        {"ParameterID": "HapticIntensity", "ParameterValue": 0.6}]}}]}
    """
try! wobble.write(to: folder.appendingPathComponent("Wobble.ahap"), atomically: true, encoding: .utf8)
MainActor.assumeIsolated {
    CoreHapticFeedback.shared?.wobble()
}
CorpusRecording.finishWhenHeard()
