import Foundation
import HapticTestSupport
import Testing

/// What a newcomer meets in the first minutes: each message says a thing once, in the user's terms, and commands
/// agree with each other.
@Suite(.offTheConcurrencyPool) struct FirstContactTests {
    @Test func devicesSaysEachNoteOnce() throws {
        // Device discovery and controller discovery both look at /dev/input; a machine without it got the note twice.
        let result = try CommandRunner.haptic(["devices"], environment: ["HAPTIC_DEVICE": ""])
        #expect(result.status == 0, "\(result.stderr)")
        let notes = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Note:") }
        #expect(Set(notes).count == notes.count, "\(notes)")
    }

    @Test func helpShowsEachDefaultOnce() throws {
        for command in ["render", "lint", "studio", "play", "plot", "convert", "from-audio", "latency", "bounce", "pad"] {
            let help = try CommandRunner.haptic([command, "--help"]).stdout
            // One block per argument or option: its first line is indented and starts with "-" or "<".
            var blocks: [String] = []
            for line in help.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " }
                if line.hasPrefix("  "), trimmed.hasPrefix("-") || trimmed.hasPrefix("<") {
                    blocks.append(String(trimmed))
                } else if !blocks.isEmpty, line.hasPrefix("   ") {
                    blocks[blocks.count - 1] += " " + trimmed
                }
            }
            #expect(!blocks.isEmpty, "haptic \(command) --help: \(help)")
            // "(default 48000). (default: 48000.0)": the help text and the parser both said it.
            for block in blocks {
                #expect(block.components(separatedBy: "default").count <= 2, "haptic \(command): \(block)")
            }
        }
    }

    @Test func libraryJSONListsDurationsAsWritten() throws {
        let json = try CommandRunner.haptic(["library", "list", "--json"])
        #expect(json.status == 0)
        // 0.1 + 0.08 is 0.18000000000000002 in binary; the listing says 0.18.
        #expect(!json.stdout.contains("0000000"), "\(json.stdout.split(separator: "\n").filter { $0.contains("0000000") })")
        #expect(!json.stdout.contains("9999999"))
    }

    @Test func infoAndLintAgreeOnALengthThatIncludesCustomAudio() throws {
        let folder = try Fixtures.temporaryDirectory()
        // Two seconds of sound after a tap: the pattern lasts as long as its sound.
        try AudioFixtures.writeWAV([Float](repeating: 0.1, count: 96_000), to: folder.appendingPathComponent("hum.wav"))
        let pattern = """
            {"Version": 1.0, "Pattern": [
              {"Event": {"Time": 0.0, "EventType": "HapticTransient", "EventParameters": []}},
              {"Event": {"Time": 0.0, "EventType": "AudioCustom", "EventWaveformPath": "hum.wav", "EventParameters": []}}
            ]}
            """
        let file = folder.appendingPathComponent("hum.ahap")
        try Data(pattern.utf8).write(to: file)
        let info = try CommandRunner.haptic(["info", file.path])
        #expect(info.stdout.contains("duration: 2 s"), "\(info.stdout)")
        let lint = try CommandRunner.haptic(["lint", file.path])
        #expect(lint.stdout.contains("the pattern lasts 2 s"), "\(lint.stdout)")
    }

    @Test func aSoundGivenAsAPatternPointsToFromAudio() throws {
        let folder = try Fixtures.temporaryDirectory()
        let sound = folder.appendingPathComponent("knock.wav")
        try AudioFixtures.writeWAV([Float](repeating: 0, count: 4_800), to: sound)
        for command in [["play"], ["validate"], ["info"], ["plot", "-o", folder.appendingPathComponent("k.svg").path]] {
            let result = try CommandRunner.haptic(command + [sound.path], environment: ["HAPTIC_DEVICE": "null"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("haptic from-audio \(sound.path) -o \(folder.path)/knock.ahap"), "\(command): \(result.stderr)")
        }
    }

    @Test(.needsLibsndfile) func ourOwnLineBreaksAreLineBreaks() throws {
        // `--with-audio` needs a WAV: a FLAC is refused with the decoder's error and a note, on two lines.
        let folder = try Fixtures.temporaryDirectory()
        let sound = folder.appendingPathComponent("knock.flac")
        try AudioFixtures.writeCompressed([Float](repeating: 0.2, count: 4_800), format: .flac, to: sound)
        let result = try CommandRunner.haptic(
            ["from-audio", sound.path, "-o", folder.appendingPathComponent("knock.ahap").path, "--with-audio"])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("\\u{A}"), "\(result.stderr)")
        #expect(result.stderr.contains("\n\(sound.path): note: --with-audio needs a WAV file"), "\(result.stderr)")
    }
}
