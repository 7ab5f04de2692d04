import Foundation
import HapticPattern
import HapticStudio
import HapticTestSupport
import Testing

/// Import from audio with the CLI's analysis options (`haptic from-audio`'s sensitivity, transients or continuous
/// only, max rate, band split), as the page sends them: each reaches the analysis, and each number from the page is
/// range-checked before use, with a message naming the field.
@Suite struct StudioImportOptionsTests {
    /// Hits over a sustained tone: the default import has both kinds of haptic events.
    private static func folderWithSound() throws -> (URL, StudioFolder) {
        let url = try Fixtures.temporaryDirectory()
        var sound = SyntheticAudio.hits(seconds: 3).audio
        sound.addTone(at: 0.2, seconds: 2.4, frequency: 120, amplitude: 0.4, fadeIn: 0.05, fadeOut: 0.05)
        try AudioFixtures.writeWAV(sound.samples, to: url.appendingPathComponent("mix.wav"))
        return (url, try StudioFolder(path: url.path))
    }

    private static func request(_ fields: [String: Any]) throws -> StudioRequest.ImportAudio {
        var message: [String: Any] = ["id": 1, "type": "importAudio", "path": "mix.wav"]
        message.merge(fields) { $1 }
        let decoded = try JSONDecoder().decode(StudioMessage.self, from: JSONSerialization.data(withJSONObject: message))
        guard case .importAudio(let request) = try decoded.request.get() else { throw StudioError("not an importAudio request") }
        return request
    }

    private static func counts(_ imported: StudioImport.Imported) throws -> (transients: Int, continuous: Int, audio: Int) {
        let events = try AHAPReader.read(imported.ahap).pattern.events
        return (
            events.count { $0.type == .hapticTransient }, events.count { $0.type == .hapticContinuous },
            events.count { $0.type == .audioCustom }
        )
    }

    @Test func contentOptionsChooseTheKindsOfEvents() throws {
        let (url, folder) = try Self.folderWithSound()
        defer { try? FileManager.default.removeItem(at: url) }
        let both = try Self.counts(StudioImport.fromAudio(Self.request([:]), folder: folder))
        #expect(both.transients > 0 && both.continuous > 0 && both.audio == 1, "\(both)")
        let taps = try Self.counts(StudioImport.fromAudio(Self.request(["content": "transientsOnly"]), folder: folder))
        #expect(taps.transients > 0 && taps.continuous == 0 && taps.audio == 1, "\(taps)")
        let rumble = try Self.counts(StudioImport.fromAudio(Self.request(["content": "continuousOnly"]), folder: folder))
        #expect(rumble.transients == 0 && rumble.continuous > 0, "\(rumble)")
    }

    @Test func maxRateAndSensitivityReachTheAnalysis() throws {
        let (url, folder) = try Self.folderWithSound()
        defer { try? FileManager.default.removeItem(at: url) }
        let free = try Self.counts(StudioImport.fromAudio(Self.request(["content": "transientsOnly", "maxRate": 40]), folder: folder))
        let sparse = try Self.counts(StudioImport.fromAudio(Self.request(["content": "transientsOnly", "maxRate": 1]), folder: folder))
        // One a second at most: a 3 s sound has at most 3 taps; the hits come every 0.26 … 0.45 s.
        #expect(sparse.transients <= 3 && free.transients > sparse.transients, "\(sparse) vs \(free)")
        let deaf = try Self.counts(
            StudioImport.fromAudio(Self.request(["content": "transientsOnly", "sensitivity": 0.05]), folder: folder))
        let keen = try Self.counts(
            StudioImport.fromAudio(Self.request(["content": "transientsOnly", "sensitivity": 0.95]), folder: folder))
        #expect(keen.transients > deaf.transients, "\(deaf) vs \(keen)")
    }

    @Test func aBandSplitImportsOneBand() throws {
        let (url, folder) = try Self.folderWithSound()
        defer { try? FileManager.default.removeItem(at: url) }
        let whole = try StudioImport.fromAudio(Self.request([:]), folder: folder).ahap
        let low = try StudioImport.fromAudio(Self.request(["splitBands": 300, "band": "low"]), folder: folder).ahap
        let high = try StudioImport.fromAudio(Self.request(["splitBands": 300, "band": "high"]), folder: folder).ahap
        #expect(Set([whole, low, high]).count == 3, "the low band, the high band and the whole sound differ")
    }

    @Test(
        arguments: [
            (["sensitivity": 1.5], "sensitivity"), (["sensitivity": -0.1], "sensitivity"), (["maxRate": 0], "maxRate"),
            (["maxRate": 41], "maxRate"), (["maxRate": 1e308], "maxRate"), (["splitBands": 10, "band": "low"], "splitBands"),
            (["splitBands": 9000, "band": "high"], "splitBands"), (["content": "everything"], "content"),
            (["band": "low"], "splitBands"), (["splitBands": 300], "band"), (["splitBands": 300, "band": "middle"], "band"),
        ] as [([String: any Sendable], String)])
    func outOfRangeOptionsAreRefusedByName(fields: [String: any Sendable], name: String) throws {
        let (url, folder) = try Self.folderWithSound()
        defer { try? FileManager.default.removeItem(at: url) }
        let request = try Self.request(fields)
        #expect {
            _ = try StudioImport.fromAudio(request, folder: folder)
        } throws: { error in
            (error as? StudioError)?.message.contains(name) == true
        }
    }
}
