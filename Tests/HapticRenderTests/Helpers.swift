import Foundation
import HapticPattern
import HapticRender
import HapticTestSupport

/// Loads a pattern file and its custom audio (decoded with the renderer's WAV reader).
func loadPatternProgram(_ url: URL) throws -> (pattern: Pattern, program: PatternProgram) {
    let document = try AHAPReader.read(Array(try Data(contentsOf: url)), file: url.lastPathComponent)
    var audio: [WaveformSource: AudioBuffer] = [:]
    for event in document.pattern.events {
        if case .path(let path)? = event.waveform {
            let wav = url.deletingLastPathComponent().appendingPathComponent(path)
            audio[.path(path)] = try WAVDecoder().decode(Array(try Data(contentsOf: wav)), name: path)
        }
    }
    return (document.pattern, try PatternProgram(pattern: document.pattern, audio: audio))
}

/// Index of the first frame whose value is non-zero, if any.
func firstNonZero(_ values: [Float], from start: Int = 0) -> Int? {
    var i = start
    while i < values.count {
        if values[i] != 0 { return i }
        i += 1
    }
    return nil
}

/// Index of the last non-zero frame, if any.
func lastNonZero(_ values: [Float]) -> Int? { values.lastIndex { $0 != 0 } }

/// A mixer configuration for tests.
func testConfiguration(rate: Double = 8_000, block: Int = 256) -> MixerConfiguration {
    MixerConfiguration(sampleRate: rate, maxBlockFrames: block, playerCapacity: 8, voiceCapacity: 256, commandCapacity: 64)
}
