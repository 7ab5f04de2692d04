import Foundation
import HapticLoading
import HapticPattern
import HapticPlot
import HapticRender

/// Turns the page's AHAP into a ``PatternAnalysis``: `PatternLoader`'s checks (as `haptic validate`), `FeedbackLint`
/// (as `haptic lint`), and the plot's lanes from an offline render (as `haptic plot`).
///
/// The offline render of the last pattern is kept, so scrolling and zooming (the same pattern, another window)
/// only resample it; so is the loader's check of the last text (``check(ahap:name:beneath:in:fresh:)``), so an edit
/// the page sends twice — `update` for the looping pass, then `analyze` for the lanes — is read once.
package final class PatternAnalyzer {
    private struct CheckKey: Equatable {
        var ahap: String
        var name: String
        var root: ObjectIdentifier
        var folder: RelativePath
    }

    private struct Rendered {
        var key: String
        var input: TimelineInput
        var duration: Double
        var span: Double
        var renderProblem: String?
    }

    private var last: Rendered?
    private var lastCheck: (key: CheckKey, check: PatternCheck)?

    /// *For tests:* how many times a page's AHAP was read and checked (parsed, its custom audio decoded).
    package private(set) var checkCount = 0

    /// Creates an analyzer with an empty cache.
    package init() {}

    /// The loader's check of `ahap` (custom audio read beneath `root`, relative to `folder`), read once for the same
    /// text, name and folder: the last one is kept.
    ///
    /// - Parameter fresh: read the text and its audio files again even when they are the ones kept (a play, which
    ///   must hear the files as they are now); the new check is kept.
    package func check(ahap: String, name: String, beneath root: FolderDescriptor, in folder: RelativePath, fresh: Bool = false)
        -> PatternCheck
    {
        let key = CheckKey(ahap: ahap, name: name, root: ObjectIdentifier(root), folder: folder)
        if !fresh, let lastCheck, lastCheck.key == key { return lastCheck.check }
        let check = PatternLoader.check(ahap: Array(ahap.utf8), displayName: name, beneath: root, in: folder)
        checkCount += 1
        lastCheck = (key, check)
        return check
    }

    /// Checks `ahap` (custom audio read beneath `root`, relative to `folder`), lints it, and samples its lanes over `window` (default:
    /// the whole span) in `columns` columns, with `profile` for the acceleration.
    ///
    /// - Throws: ``StudioError`` for a pattern of more than `maxEntries` events and curves (its render would hold a
    ///   worker thread for minutes).
    package func analyze(
        ahap: String, name: String, beneath root: FolderDescriptor, in folder: RelativePath, window: ClosedRange<Double>?, columns: Int,
        profile: ActuatorProfile, maxEntries: Int = StudioLimits.default.maxPatternEntries
    ) throws(StudioError) -> (analysis: PatternAnalysis, check: PatternCheck) {
        let check = check(ahap: ahap, name: name, beneath: root, in: folder)
        if let loaded = check.loaded { try Self.checkSize(loaded.pattern, maxEntries: maxEntries) }
        var problems = PatternAnalysis.problems(of: check)
        guard let loaded = check.loaded else {
            let analysis = PatternAnalysis(
                duration: 0, span: 0, valid: false, problems: problems, lint: [], lanes: nil, profile: profile.name)
            return (analysis, check)
        }
        let rendered = render(loaded, ahap: ahap, profile: profile)
        if let problem = rendered.renderProblem {
            problems.append(
                PatternAnalysis.Problem(
                    severity: "warning", message: "the acceleration lane could not be rendered: \(problem)", code: nil, path: "",
                    entry: nil, line: nil, column: nil))
        }
        let from = Swift.max(0, window?.lowerBound ?? 0)
        let to = Swift.max(from + 0.001, window?.upperBound ?? rendered.span)
        let series = TimelineSeries(rendered.input, from: from, to: to, columns: columns)
        let analysis = PatternAnalysis(
            duration: rendered.duration, span: rendered.span, valid: check.isValid, problems: problems,
            lint: PatternAnalysis.findings(of: loaded.pattern), lanes: PatternAnalysis.Lanes(series), profile: profile.name)
        return (analysis, check)
    }

    /// Refuses a pattern of more than `maxEntries` events and parameter curves.
    ///
    /// - Throws: ``StudioError`` naming the count and the cap.
    package static func checkSize(_ pattern: Pattern, maxEntries: Int) throws(StudioError) {
        guard pattern.entries.count <= maxEntries else {
            throw StudioError(
                "the pattern has \(pattern.entries.count) events and curves; the studio analyzes and plays at most \(maxEntries)")
        }
    }

    /// The offline render of `loaded`, from the cache when the text, folder and profile are the same.
    private func render(_ loaded: LoadedPattern, ahap: String, profile: ActuatorProfile) -> Rendered {
        let key = "\(profile.name)\u{0}\(loaded.folder.path)\u{0}\(ahap)"
        if let last, last.key == key { return last }
        let duration = loaded.duration
        let span = TimelinePlot.span(forDuration: duration)
        var problem: String?
        var acceleration: [Float] = []
        var sampleRate = profile.preferredSampleRate
        var audio = loaded.audio
        do {
            // The render is capped like `haptic plot`'s: two minutes of acceleration is more than a timeline needs.
            // The audio the check decoded beneath the studio's folder: nothing is read again by path.
            let simulation = try OfflineSimulation.render(
                loaded.pattern, seconds: Swift.min(span, 120), profile: profile, audio: loaded.audio)
            acceleration = simulation.acceleration
            sampleRate = simulation.sampleRate
            audio.merge(simulation.audio) { kept, _ in kept }
        } catch {
            problem = "\(error)"
        }
        let input = TimelineInput(
            name: loaded.file, pattern: loaded.pattern, audio: audio, acceleration: acceleration, accelerationSampleRate: sampleRate,
            profileName: profile.name)
        let rendered = Rendered(key: key, input: input, duration: duration, span: span, renderProblem: problem)
        last = rendered
        return rendered
    }
}
