// libFuzzer harness: untrusted bytes → JSONSerialization → [String: Any] → CHHapticPattern(dictionary:), then
// exportDictionary() → CHHapticPattern(dictionary:) must give the same pattern. Also compares with AHAPReader on the
// same text: when both accept it, they must agree on the entry count and the duration.

import Foundation
import HapticPattern
import OpenCoreHaptics

private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FuzzPatternDictionary invariant: \(message())") }
}

/// `pattern` without the `Metadata.OpenCoreHapticsWaveformFolder` entry `exportDictionary()` adds for relative
/// `EventWaveformPath`s (the folder they resolve against, so the audio keeps its length when read back), and with an
/// empty `Metadata` taken as none (the export adds the entry to a pattern that had no metadata).
private func withoutWaveformFolder(_ pattern: Pattern) -> Pattern {
    var pattern = pattern
    if case .object(let pairs)? = pattern.metadata {
        let kept = pairs.filter { $0.key != "OpenCoreHapticsWaveformFolder" }
        pattern.metadata = kept.isEmpty ? nil : .object(kept)
    }
    return pattern
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPatternDictionary(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let object = try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]),
        let dictionary = object as? [String: Any]
    else { return 0 }

    let pattern: CHHapticPattern
    do {
        pattern = try CHHapticPattern(dictionary: dictionary)
    } catch let error as CHHapticError {
        require(HapticErrorCode(rawValue: error.code.rawValue) != nil, "unknown code \(error.code)")
        require(!error.localizedDescription.isEmpty, "error without a description")
        require(error.underlyingPatternError?.location == nil, "a dictionary error has a line:column: \(error)")
        return 0
    } catch {
        fatalError("FuzzPatternDictionary invariant: CHHapticPattern(dictionary:) threw a non-CHHapticError: \(error)")
    }

    var expected = pattern.pattern
    if expected.version == nil { expected.version = 1.0 }
    do {
        let exported = try pattern.exportDictionary()
        let again = try CHHapticPattern(dictionary: exported)
        require(
            withoutWaveformFolder(again.pattern) == withoutWaveformFolder(expected),
            "exportDictionary → init(dictionary:) changed the pattern")
        require(again.duration == pattern.duration, "duration changed")
    } catch {
        fatalError("FuzzPatternDictionary invariant: export → import failed: \(error)")
    }

    // Differential: the text reader on the same bytes.
    if let document = try? AHAPReader.read(Array(bytes), waveformPaths: .unrestricted) {
        require(document.pattern.entries.count == pattern.pattern.entries.count, "entry count differs from AHAPReader")
        // JSONSerialization's number parsing is not always correctly rounded (12345678901234567890e-19 comes out
        // one ulp off), so allow a relative error.
        let difference = abs(document.pattern.duration - pattern.duration)
        require(
            difference <= 1e-12 * max(1, document.pattern.duration),
            "duration differs from AHAPReader: \(document.pattern.duration) vs \(pattern.duration)")
    }
    return 0
}
