import ArgumentParser
import Foundation
import HapticAnalysis
import HapticLoading
import HapticPattern

/// `haptic from-audio`: a sound in, an AHAP pattern out (transients at its hits, continuous events over its
/// sustained parts), optionally with the sound itself as an `AudioCustom` event.
struct FromAudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "from-audio",
        abstract: "Make an AHAP pattern from a sound: taps at its hits, a rumble under its sustained parts.",
        discussion: """
            Reads WAV (any PCM or float), and FLAC, Ogg/Vorbis and MP3 through libsndfile (Debian: libsndfile1), \
            up to one hour. Writes strict AHAP; with --with-audio the pattern also plays the sound (an AudioCustom \
            event whose EventWaveformPath is the input's path relative to the output's folder, so the input must be \
            a WAV file in that folder or below it), so `haptic play` plays sound and touch together. With \
            --split-bands HZ it also writes NAME-low.ahap and NAME-high.ahap from the sound below and above HZ, \
            for the two motors (or handles) of a game controller. The same input always gives the same file.
            """
    )

    @Argument(help: "The audio file (WAV, FLAC, Ogg/Vorbis or MP3).") var input: String
    @Option(name: .shortAndLong, help: "The AHAP file to write (.ahap).") var output: String
    @Option(help: "How readily sound becomes haptics, 0 … 1: higher finds softer hits.") var sensitivity = 0.5
    @Flag(help: "Write transients only.") var transientsOnly = false
    @Flag(help: "Write continuous events only.") var continuousOnly = false
    @Option(help: "The most transients per second, 1 … 40 (the strongest hits are kept).") var maxRate = 10.0
    @Option(help: "Also write NAME-low.ahap and NAME-high.ahap split at this frequency, 40 … 4000 Hz.") var splitBands: Double?
    @Flag(help: "Add the sound as an AudioCustom event, to play sound and touch together.") var withAudio = false

    /// The analysis options the flags ask for.
    var options: AudioAnalysisOptions {
        AudioAnalysisOptions(
            sensitivity: sensitivity,
            content: transientsOnly ? .transientsOnly : continuousOnly ? .continuousOnly : .transientsAndContinuous,
            maximumTransientRate: maxRate, crossoverFrequency: splitBands)
    }

    func validate() throws {
        guard sensitivity.isFinite, AudioAnalysisOptions.sensitivityRange.contains(sensitivity) else {
            throw ValidationError("--sensitivity must be 0 … 1")
        }
        guard maxRate.isFinite, AudioAnalysisOptions.transientRateRange.contains(maxRate) else {
            throw ValidationError("--max-rate must be 1 … 40 transients per second (taps closer than 25 ms fuse)")
        }
        if let splitBands, !(splitBands.isFinite && AudioAnalysisOptions.crossoverRange.contains(splitBands)) {
            throw ValidationError("--split-bands must be 40 … 4000 Hz")
        }
        guard !(transientsOnly && continuousOnly) else {
            throw ValidationError("--transients-only and --continuous-only exclude each other; give at most one")
        }
        guard URL(fileURLWithPath: output).pathExtension.lowercased() == "ahap" else {
            throw ValidationError("the output must be an .ahap file (got '\(output)')")
        }
    }

    func run() throws {
        let inputURL = URL(fileURLWithPath: input)
        let outputURL = URL(fileURLWithPath: output)
        let outputs = [outputURL] + (splitBands == nil ? [] : [bandURL("low"), bandURL("high")])
        // Everything that can be checked is checked before the analysis runs.
        let folder = outputURL.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            printError("\(output): error: the folder \(folder.path) does not exist")
            throw ExitCode(1)
        }
        if outputs.contains(where: {
            $0.standardizedFileURL.resolvingSymlinksInPath() == inputURL.standardizedFileURL.resolvingSymlinksInPath()
        }) {
            printError("\(output): error: the output would overwrite the input")
            throw ExitCode(1)
        }
        let waveformPath = withAudio ? try audioEventPath(from: inputURL, to: folder) : nil

        let progress = ProgressLine()
        let analysis: AudioAnalysis
        var warned = false
        do {
            analysis = try AudioFileAnalysis.analyze(inputURL, options: options) { done, total in
                if !warned, let total {
                    // Before the work, not after it: a sound this long may give more than a pattern may hold.
                    warned = true
                    if let note = limitNote(seconds: total) { printError(terminalSafe("\(input): note: \(note)")) }
                }
                // A bar only for inputs long enough to wait for.
                if let total, total >= 10 { progress.update(done: done, total: total) }
            }
            progress.finish()
        } catch {
            progress.finish()
            printError(error.description)
            throw ExitCode(1)
        }

        if let end = analysis.endsEarlyAt {
            let limits = PatternLimits.default
            printError(
                terminalSafe(
                    "\(output): note: the pattern stops at \(clock(end)) of the sound's \(clock(analysis.duration)): the events after it would not fit in one pattern (at most \(limits.maxFileSize >> 20) MiB of AHAP, PatternLimits.maxFileSize, and \(limits.maxEntries) entries, PatternLimits.maxEntries); lower --max-rate or --sensitivity, use --transients-only, or convert an excerpt to cover the rest"
                ))
        }
        // With --with-audio, the sound first, at the pattern's start (a silent sound gives no pattern at all).
        let pattern = AudioFileAnalysis.pattern(of: analysis, soundTrack: waveformPath)
        let source = inputURL.lastPathComponent
        try write(pattern, to: outputURL, description: "Haptics made from \(source) by haptic from-audio")
        print(terminalSafe("\(output): \(summary(of: pattern, duration: analysis.duration))"))
        if let crossover = splitBands, analysis.lowBandPattern != nil, analysis.highBandPattern != nil {
            // The band patterns are for a controller's two motors: haptics alone.
            let low = AudioFileAnalysis.pattern(of: analysis, band: .low)
            let high = AudioFileAnalysis.pattern(of: analysis, band: .high)
            let hz = Int(crossover.rounded())
            try write(low, to: outputs[1], description: "Haptics made from \(source) below \(hz) Hz by haptic from-audio")
            try write(high, to: outputs[2], description: "Haptics made from \(source) above \(hz) Hz by haptic from-audio")
            print(terminalSafe("\(outputs[1].path): below \(hz) Hz: \(summary(of: low, duration: analysis.duration))"))
            print(terminalSafe("\(outputs[2].path): above \(hz) Hz: \(summary(of: high, duration: analysis.duration))"))
        }
    }

    /// "12 transients, 3 continuous events, 4.02 s of audio", and for a pattern with nothing in it, why no file
    /// was written (AHAP needs at least one entry).
    private func summary(of pattern: Pattern, duration: Double) -> String {
        let transients = pattern.events.count { $0.type == .hapticTransient }
        let continuous = pattern.events.count { $0.type == .hapticContinuous }
        let counts =
            "\(transients) transient\(transients == 1 ? "" : "s"), \(continuous) continuous event\(continuous == 1 ? "" : "s"), "
            + "\(String(format: "%.2f", duration)) s of audio"
        return pattern.entries.isEmpty
            ? counts + "; the sound is silent or too quiet for haptics (try a higher --sensitivity): nothing written" : counts
    }

    /// AHAP text the analysis may write per second of dense sound. Measured on a minute of loud noise with a hit
    /// every 50 ms: 10.3 KB/s with the defaults (6.4 transients a second, each followed by a continuous piece
    /// with two curves: about 1 600 bytes each), 25 KB/s at --max-rate 40 and --sensitivity 1; a transient alone
    /// is about 330 bytes. So: 1 600 bytes per transient allowed a second (330 with --transients-only).
    static func estimatedBytesPerSecond(maxRate: Double, transientsOnly: Bool) -> Double {
        maxRate * (transientsOnly ? 330 : 1_600)
    }

    /// What to say before analyzing a sound of `seconds` whose pattern may exceed what a pattern may hold, or `nil`.
    func limitNote(seconds: Double) -> String? {
        let limits = PatternLimits.default
        let bytes = seconds * Self.estimatedBytesPerSecond(maxRate: maxRate, transientsOnly: transientsOnly)
        guard bytes > Double(limits.maxFileSize) * 0.75 else { return nil }
        return
            "\(clock(seconds)) of sound may give more events than one pattern holds (\(limits.maxFileSize >> 20) MiB of AHAP, PatternLimits.maxFileSize); if so the pattern stops where it is full, and this says where"
    }

    /// Seconds as `m:ss.s` ("41:12.3").
    private func clock(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded(.down))
        let minutes = tenths / 600
        let rest = Double(tenths % 600) / 10
        return "\(minutes):" + (rest < 10 ? "0" : "") + String(format: "%.1f", rest)
    }

    /// `NAME-low.ahap` beside the output.
    private func bandURL(_ band: String) -> URL {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().appendingPathComponent("\(url.deletingPathExtension().lastPathComponent)-\(band).ahap")
    }

    /// The input's path relative to the output's folder, for `EventWaveformPath`, once the input is known to be
    /// a WAV file the player can load.
    private func audioEventPath(from input: URL, to folder: URL) throws -> String {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let file = input.standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard file.utf8.starts(with: prefix.utf8) else {  // bytes: Swift's String calls "café" and "cafe\u{301}" equal
            printError(
                "\(input.path): error: --with-audio: the sound must be in the output's folder (\(root)) or below it, since an EventWaveformPath may not leave the pattern's folder; write the pattern next to the sound"
            )
            throw ExitCode(1)
        }
        do {
            // AudioCustom plays WAV resources within PatternLimits.maxAudioFileSize: check now, not at play time.
            _ = try AudioResourceLoader.duration(input)
        } catch {
            printError(error.description)
            printError(
                "\(input.path): note: --with-audio needs a WAV file of at most \(PatternLimits.default.maxAudioFileSize >> 20) MiB (an AudioCustom resource); convert or trim the sound, or leave out --with-audio"
            )
            throw ExitCode(1)
        }
        return String(file.dropFirst(prefix.count))
    }

    /// Writes `pattern` as strict AHAP after reading it back as `haptic validate --strict` would; a pattern with
    /// nothing in it (silence) is not written, since AHAP needs at least one entry.
    private func write(_ pattern: Pattern, to url: URL, description: String) throws {
        guard !pattern.entries.isEmpty else { return }
        var described = pattern
        described.metadata = .object([("Description", .string(description))])
        let text: String
        do {
            text = try AHAPWriter.string(from: described)
        } catch {
            printError("\(url.path): error: the pattern cannot be written as AHAP: \(error.message)")
            throw ExitCode(1)
        }
        let check = AHAPReader.check(Array(text.utf8), file: url.path)
        let problems =
            check.errors
            + (check.document.map { document in
                PatternValidator.playabilityErrors(in: document.pattern).map { document.locate($0.1, entry: $0.0) }
            } ?? [])
        guard problems.isEmpty && check.warnings.isEmpty else {
            for problem in problems { printError("\(url.path): error: the pattern would not validate: \(problem.description)") }
            for warning in check.warnings {
                printError("\(url.path): error: the pattern would not validate strictly: \(warning.description)")
            }
            throw ExitCode(1)
        }
        do {
            try AtomicFile.write(text, to: url)
        } catch {
            printError("\(url.path): error: \(error)")
            throw ExitCode(1)
        }
    }
}
