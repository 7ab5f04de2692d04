import Foundation
import HapticPattern
import OpenHapticFeedback
import Testing

@Suite struct FeedbackLibraryTests {
    static let libraryFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/OpenHapticFeedback/Library")

    static func files() throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: libraryFolder.path).filter { $0.hasSuffix(".ahap") }
        var result: [String: String] = [:]
        for file in names {
            result[String(file.dropLast(5))] = try String(contentsOf: libraryFolder.appendingPathComponent(file), encoding: .utf8)
        }
        return result
    }

    /// The embedded copy must equal Library/*.ahap. `OPENHAPTICS_RECORD_LIBRARY=1` rewrites it (and fails).
    @Test func embeddedCopyMatchesTheFiles() throws {
        let files = try Self.files()
        if ProcessInfo.processInfo.environment["OPENHAPTICS_RECORD_LIBRARY"] == "1" {
            var out = """
                // GENERATED from Sources/OpenHapticFeedback/Library/*.ahap by FeedbackLibraryTests (OpenHapticFeedbackTests).
                // Do not edit: change the .ahap file, then run
                //     OPENHAPTICS_RECORD_LIBRARY=1 swift test --filter FeedbackLibraryTests
                // which rewrites this file (and fails once, as recording runs do).

                extension FeedbackLibrary {
                    /// The library's AHAP files, by name (the file name without `.ahap`).
                    static let embeddedAHAP: [String: String] = [

                """
            for name in files.keys.sorted() {
                out += "        \"\(name)\": #\"\"\"\n\(files[name]!)\n\"\"\"#,\n"
            }
            out += "    ]\n}\n"
            let target = Self.libraryFolder.deletingLastPathComponent().appendingPathComponent("GENERATED-FeedbackLibrary+AHAP.swift")
            try out.write(to: target, atomically: false, encoding: .utf8)
            Issue.record("re-recorded \(target.lastPathComponent); run the tests again without OPENHAPTICS_RECORD_LIBRARY")
            return
        }
        #expect(FeedbackLibrary.names == files.keys.sorted())
        for (name, text) in files {
            #expect(FeedbackLibrary.ahap(named: name) == text, "\(name).ahap differs from the embedded copy; re-record")
        }
    }

    @Test func everyPatternReadsWithoutWarningsAndIsPlayable() throws {
        #expect(FeedbackLibrary.names.count == 36)
        for name in FeedbackLibrary.names {
            let document = try AHAPReader.read(FeedbackLibrary.ahap(named: name)!, file: name)
            #expect(document.warnings.isEmpty, "\(name): \(document.warnings)")
            #expect(PatternValidator.playabilityErrors(in: document.pattern).isEmpty, "\(name)")
            #expect(FeedbackLibrary.pattern(named: name) == document.pattern)
            _ = try FeedbackLibrary.hapticPattern(named: name)
        }
        #expect(FeedbackLibrary.pattern(named: "nope") == nil)
        #expect(throws: (any Error).self) { try FeedbackLibrary.hapticPattern(named: "nope") }
    }

    /// HIG: short, and no lint findings at all (not even notes) for the library itself.
    @Test func everyPatternIsShortAndLintClean() {
        for name in FeedbackLibrary.names {
            let pattern = FeedbackLibrary.pattern(named: name)!
            #expect(pattern.duration <= 0.4, "\(name) lasts \(pattern.duration) s")
            #expect(FeedbackLint.lint(pattern).isEmpty, "\(name): \(FeedbackLint.lint(pattern))")
        }
    }

    /// Within each platform's vocabulary, no two feedbacks share a pattern.
    @Test func patternsAreDistinct() {
        var seen: [Pattern: String] = [:]
        for name in FeedbackLibrary.names {
            var pattern = FeedbackLibrary.pattern(named: name)!
            pattern.metadata = nil
            #expect(seen[pattern] == nil, "\(name) is identical to \(seen[pattern] ?? "")")
            seen[pattern] = name
        }
    }

    @Test func canonicalNamesAcceptAppleSpellings() {
        #expect(FeedbackLibrary.canonicalName(for: "levelChange") == "level-change")
        #expect(FeedbackLibrary.canonicalName(for: "pathComplete") == "path-complete")
        #expect(FeedbackLibrary.canonicalName(for: "directionUp") == "increase")
        #expect(FeedbackLibrary.canonicalName(for: "failure") == "error")
        #expect(FeedbackLibrary.canonicalName(for: "impact") == "impact-medium")
        #expect(FeedbackLibrary.canonicalName(for: "Impact_Heavy") == "impact-heavy")
        #expect(FeedbackLibrary.canonicalName(for: "success") == "success")
        #expect(FeedbackLibrary.canonicalName(for: "kaboom") == nil)
    }

    @Test func scaledPatternMultipliesIntensity() {
        let heavy = FeedbackEffect.named("impact-heavy")!
        let half = heavy.scaledPattern(by: 0.5)
        #expect(half.events[0].value(of: .hapticIntensity) == 0.5)
        #expect(half.events[0].value(of: .hapticSharpness) == heavy.pattern.events[0].value(of: .hapticSharpness))
        #expect(heavy.scaledPattern(by: 1) == heavy.pattern)
        #expect(heavy.scaledPattern(by: 7).events[0].value(of: .hapticIntensity) == 1)
    }
}
