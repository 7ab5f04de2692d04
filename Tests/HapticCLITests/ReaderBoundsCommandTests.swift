#if os(Linux)
import Foundation
import Glibc
import HapticTestSupport
import Testing

/// The readers bounded, end to end (issue 32): a 291-byte property list took 4.3 s and 196 MB to validate and a
/// 505-byte one 5 GB; a WAV with a 70 KB tag before its samples was "no data chunk" for `from-audio`, and a float
/// WAV of NaN "silent"; `wav:` pointed at a FIFO hung the engine's start.
@Suite(.offTheConcurrencyPool) struct ReaderBoundsCommandTests {
    @Test(arguments: [291, 505])
    func validateRefusesAPropertyListOfSharedReferencesAtOnce(size: Int) throws {
        let file = try Fixtures.temporaryDirectory().appendingPathComponent("shared-\(size).plist")
        try Data(size == 291 ? SharedReferencePropertyList.crafted291 : SharedReferencePropertyList.crafted505).write(to: file)
        let started = ContinuousClock.now
        // The memory cap turns the old behaviour (gigabytes) into a quick failure instead of a machine out of memory.
        let result = try CommandRunner.haptic(["validate", file.path], timeout: 60, memoryLimitKiB: 1 << 20)
        #expect(result.status == 1 && !result.signaled, "\(result.stderr)")
        #expect(
            result.stderr.contains("PatternLimits.maxValues") && result.stderr.contains("(invalidPatternData, -4813)"), "\(result.stderr)")
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func fromAudioReadsATaggedWAVAndCallsNotANumberDamage() throws {
        let folder = try Fixtures.temporaryDirectory()
        let samples = SyntheticAudio.hits(seconds: 2).audio.samples
        let tagged = folder.appendingPathComponent("tagged.wav")
        try Data(CraftedWAV.pcm16(samples, chunksBefore: CraftedWAV.chunk("id3 ", count: 70_000))).write(to: tagged)
        let output = folder.appendingPathComponent("tagged.ahap")
        let read = try CommandRunner.haptic(["from-audio", tagged.path, "-o", output.path])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.path))
        let nan = folder.appendingPathComponent("nan.wav")
        try Data(CraftedWAV.float32([Float](repeating: .nan, count: 48_000))).write(to: nan)
        let damaged = try CommandRunner.haptic(["from-audio", nan.path, "-o", folder.appendingPathComponent("nan.ahap").path])
        #expect(damaged.status == 1 && damaged.stderr.contains("damaged"), "\(damaged.stdout)\(damaged.stderr)")
        #expect(!damaged.stdout.contains("silent") && !damaged.stderr.contains("silent"))
    }

    @Test func aFIFOIsNoRecordingAndNothingWaitsForIt() throws {
        let fifo = try Fixtures.temporaryDirectory().appendingPathComponent("pipe.wav").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // --device: refused, saying what the path is.
        let refused = try CommandRunner.haptic(["play", "success", "--device", "wav:\(fifo)"], timeout: 30)
        #expect(refused.status == 1 && refused.stderr.contains("named pipe (FIFO)"), "\(refused.stderr)")
        // HAPTIC_DEVICE: the simulated actuator instead, with a warning.
        let fallback = try CommandRunner.haptic(["play", "success"], environment: ["HAPTIC_DEVICE": "wav:\(fifo)"], timeout: 30)
        #expect(fallback.status == 0 && fallback.stderr.contains("named pipe (FIFO)"), "\(fallback.stderr)")
        #expect(fallback.stdout.contains("simulated"), "\(fallback.stdout)")
        // A device is no recording either (it was the full-disk test's stand-in).
        let device = try CommandRunner.haptic(["play", "success", "--device", "wav:/dev/full"], timeout: 30)
        #expect(device.status == 1 && device.stderr.contains("is a device, not a regular file"), "\(device.stderr)")
    }
}
#endif
