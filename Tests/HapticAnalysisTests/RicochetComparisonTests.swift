import Foundation
import HapticAnalysis
import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// Apple's HapticRicochet sample pairs each sound with a pattern a designer drew by hand: the analysis' transients
/// against the designer's, matched within ±30 ms (the designer's times are moved by the sound's own start time in
/// the pattern). A report, not a gate: the designer chose continuous events where the analysis may hear hits.
@Suite(.needsCorpus) struct RicochetComparisonTests {
    @Test func transientsAgainstTheDesignersPrintedPerFile() throws {
        let folder = Fixtures.corpusDirectory.appendingPathComponent("apple-ricochet")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ahap") }.sorted()
        var rows: [String] = []
        var compared = 0
        var totals = (matched: 0, found: 0, truth: 0)
        var onTheSound = (matched: 0, truth: 0)
        for file in files {
            let document = try AHAPReader.read(Array(try Data(contentsOf: folder.appendingPathComponent(file))))
            guard let sound = document.pattern.events.first(where: { $0.type == .audioCustom }), case .path(let path)? = sound.waveform
            else { continue }
            let audio = try WAVDecoder().decode(Array(try Data(contentsOf: folder.appendingPathComponent(path))), name: path)
            var interleaved: [Float] = []
            for frame in 0..<audio.frameCount {
                for channel in 0..<audio.channelCount { interleaved.append(audio.sample(frame: frame, channel: channel)) }
            }
            let analysis = try AudioAnalyzer.analyze(
                interleaved: interleaved, sampleRate: audio.sampleRate, channelCount: audio.channelCount)
            let designer = document.pattern.transientTimes.map { $0 - sound.time }
            let matching = OnsetMatching(found: analysis.pattern.transientTimes, truth: designer, tolerance: 0.03)
            // A designer's tap after the sound has ended (Spawn's, at the end of its ramp) has no sound to be found in.
            let audible = designer.filter { $0 < audio.duration }
            let audibleMatching = OnsetMatching(found: analysis.pattern.transientTimes, truth: audible, tolerance: 0.03)
            onTheSound.matched += audibleMatching.matched
            onTheSound.truth += audible.count
            let found = analysis.pattern.transientTimes.map { String(format: "%.3f", $0) }.joined(separator: " ")
            let drawn = designer.map { String(format: "%.3f", $0) }.joined(separator: " ")
            rows.append(
                "| \(file) | \(String(format: "%.3f", audio.duration)) | \(drawn.isEmpty ? "–" : drawn) | \(found.isEmpty ? "–" : found) | \(matching.matched) | \(String(format: "%.2f", matching.precision)) | \(String(format: "%.2f", matching.recall)) | \(analysis.continuousEventCount) |"
            )
            compared += 1
            totals.matched += matching.matched
            totals.found += matching.found
            totals.truth += matching.truth
        }
        print("| file | sound (s) | designer's transients (s) | found (s) | matched ±30 ms | precision | recall | continuous events |")
        print("|---|---|---|---|---|---|---|---|")
        for row in rows { print(row) }
        print("| all | | \(totals.truth) | \(totals.found) | \(totals.matched) | | | |")
        #expect(compared == 7, "the seven Ricochet sounds with their patterns")
        // The one claim the designer's files support: every transient the designer placed on the sound is found.
        #expect(onTheSound.truth == 3 && onTheSound.matched == onTheSound.truth, "\(onTheSound)")
    }
}
