// libFuzzer harness: untrusted AHAP text → AHAPReader, with invariants (not just "no crash").
//
// Built and run by .ci/fuzz.sh (swift build … --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address).
// A plain `swift build` makes a do-nothing executable.

import HapticPattern
import HapticRender

/// Stops the run with a message; libFuzzer saves the input as a crash artefact.
private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FuzzAHAPReader invariant: \(message())") }
}

/// The size of a text: its number of lines (an error at the end of a file ending in a newline points at the empty
/// last line, so a location's line is at most this) and bytes.
private struct TextSize {
    var lines = 1
    var bytes = 0
    init(_ text: [UInt8]) {
        bytes = text.count
        for byte in text where byte == 0x0A { lines += 1 }
    }
}

private func checkLocation(_ location: SourceLocation?, in size: TextSize, _ what: @autoclosure () -> String) {
    guard let location else { return }
    require(location.line >= 1 && location.line <= size.lines, "\(what()): line \(location.line) outside 1…\(size.lines)")
    require(location.column >= 1 && location.column <= size.bytes + 1, "\(what()): column \(location.column)")
}

/// One input: read; on success the pattern must survive write → read (text and value tree) unchanged and compile
/// or fail with a code; on failure the error must carry a location inside the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAHAPReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let size = TextSize(bytes)
    let document: AHAPDocument
    do {
        document = try AHAPReader.read(bytes, file: "fuzz.ahap")
    } catch {
        require(!error.message.isEmpty, "error without a message: \(error)")
        require(error.location != nil, "text error without a line:column: \(error)")
        checkLocation(error.location, in: size, "error \(error)")
        require(error.file == "fuzz.ahap", "error lost its file name: \(error)")
        _ = error.description
        return 0
    }
    for warning in document.warnings { checkLocation(warning.location, in: size, "warning \(warning)") }
    require(document.entryLocations.count == document.pattern.entries.count, "entryLocations do not match entries")
    for location in document.entryLocations { checkLocation(location, in: size, "entry location") }

    var expected = document.pattern
    if expected.version == nil { expected.version = 1.0 }  // the writer always states the version

    // Canonical text round trip.
    let text: [UInt8]
    do {
        text = try AHAPWriter.bytes(from: document.pattern)
    } catch {
        fatalError("FuzzAHAPReader invariant: a pattern read from text cannot be written: \(error)")
    }
    do {
        let again = try AHAPReader.read(text, file: "canonical.ahap").pattern
        require(again == expected, "write → read changed the pattern\n\(String(decoding: text, as: UTF8.self))")
        require((try? AHAPWriter.bytes(from: again)) == text, "the writer is not canonical (second write differs)")
    } catch {
        fatalError("FuzzAHAPReader invariant: canonical text does not read back: \(error)\n\(String(decoding: text, as: UTF8.self))")
    }

    // Value-tree round trip (what CHHapticPattern(dictionary:) and property lists go through).
    do {
        let tree = try AHAPWriter.value(from: document.pattern)
        let again = try AHAPReader.read(value: tree, waveformPaths: .confinedToFolder).pattern
        require(again == expected, "value tree → read changed the pattern")
    } catch {
        fatalError("FuzzAHAPReader invariant: the value tree does not read back: \(error)")
    }

    // Whatever the reader accepts, the compiler must compile or refuse with a code, never trap.
    let pattern = document.pattern
    _ = pattern.duration
    _ = PatternValidator.playabilityErrors(in: pattern)
    var audio: [WaveformSource: AudioBuffer] = [:]
    for event in pattern.events {
        if let waveform = event.waveform { audio[waveform] = fuzzTone }
    }
    if let program = try? PatternProgram(pattern: pattern, audio: audio) {
        require(program.duration.isFinite && program.duration >= 0, "program duration \(program.duration)")
        require(program.eventCount == pattern.events.count, "program lost events")
    }
    return 0
}

/// A short tone standing in for every custom-audio waveform.
private let fuzzTone = AudioBuffer(sampleRate: 48_000, channelCount: 1, interleaved: [0, 0.5, 1, 0.5, 0, -0.5, -1, -0.5])
