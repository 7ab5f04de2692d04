// libFuzzer harness: untrusted `.haptic` bytes → HapticFile.decode → pattern → AHAP, with invariants: errors carry a
// code, a message and the file; a decoded file's times are within the limits; its conversion to a pattern is AHAP
// our own reader reads back and our validator accepts (convert never writes what validate refuses).

import HapticInterchange
import HapticPattern

private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FuzzHapticFile invariant: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHapticFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file: HapticFile
    do {
        file = try HapticFile.decode(bytes, file: "fuzz.haptic")
    } catch {
        require(!error.message.isEmpty && error.file == "fuzz.haptic", "error without message or file: \(error)")
        require([.invalidPatternData, .invalidPatternDictionary].contains(error.code), "unexpected code \(error.code)")
        return 0
    }
    let limit = PatternLimits.default.maxPatternDuration
    require(file.amplitude.allSatisfy { $0.time >= 0 && $0.time <= limit }, "a time beyond the limit was accepted")
    let pattern = file.pattern().value
    guard let text = try? AHAPWriter.bytes(from: pattern) else { return 0 }
    let check = AHAPReader.check(text, file: "converted.ahap")
    // An empty conversion (silence) is refused by the writer's reader as an empty pattern; anything else must read.
    if !pattern.entries.isEmpty {
        require(check.errors.isEmpty, "our reader refuses our conversion: \(check.errors)")
        if let document = check.document {
            require(PatternValidator.playabilityErrors(in: document.pattern).isEmpty, "our validator refuses our conversion")
        }
    }
    return 0
}
