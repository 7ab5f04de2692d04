// libFuzzer harness: untrusted property-list bytes → PropertyListSerialization → AHAPValue → AHAPReader, the path
// `CHHapticEngine.playPattern(from:)` takes for `.plist` files and plist data.

import Foundation
import HapticLoading
import HapticPattern
import OpenCoreHaptics

private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FuzzPropertyList invariant: \(message())") }
}

/// One input: decode; on success the pattern must survive canonical write → read; errors carry a code and a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyList(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let document: AHAPDocument
    do {
        document = try PropertyListPattern.read(bytes, file: "fuzz.plist", limits: .default, waveformPaths: .confinedToFolder)
    } catch {
        require(!error.message.isEmpty, "error without a message: \(error)")
        require(error.file == "fuzz.plist", "error lost its file name: \(error)")
        _ = CHHapticError(error).localizedDescription
        return 0
    }
    var expected = document.pattern
    if expected.version == nil { expected.version = 1.0 }
    do {
        let text = try AHAPWriter.bytes(from: document.pattern)
        let again = try AHAPReader.read(text).pattern
        require(again == expected, "write → read changed the pattern\n\(String(decoding: text, as: UTF8.self))")
    } catch {
        fatalError("FuzzPropertyList invariant: a pattern read from a property list does not round-trip: \(error)")
    }
    return 0
}
