import Foundation
import HapticAnalysis
import HapticLoading
import HapticPattern

/// Import from audio (`haptic from-audio` in the page): an audio file of the folder becomes a new, unsaved pattern
/// through HapticAnalysis — taps at its hits, continuous events under its sustained parts — with the sound itself as
/// an `AudioCustom` event at 0 (its `EventWaveformPath` relative to the file's folder, where the page saves the
/// pattern), so the designer sees the waveform lane and hears sound and touch together.
///
/// The request carries the CLI's analysis options, each range-checked before use: `sensitivity` (0 … 1),
/// `content` (`transientsAndContinuous`, `transientsOnly`, `continuousOnly`), `maxRate` (1 … 40 a second), and
/// `splitBands` (40 … 4000 Hz) with `band` (`low` or `high`) to make the pattern of one band.
package enum StudioImport {
    /// Whether the studio can turn audio into a pattern in this build.
    package static let isAvailable = true

    /// The pattern made from the audio file `request.path` (inside the folder).
    ///
    /// - Throws: ``StudioError`` for a path outside the folder, options out of range, a missing or unreadable file,
    ///   audio the analysis refuses, or a sound too quiet to make any haptics.
    package static func fromAudio(_ request: StudioRequest.ImportAudio, folder: StudioFolder) throws(StudioError) -> Imported {
        let path = request.path
        let (options, band) = try options(of: request)
        let relative = try folder.path(path)
        let analysis: AudioAnalysis
        do {
            // Opened by the kernel beneath the studio's folder, no link followed.
            analysis = try AudioFileAnalysis.analyze(beneath: folder.descriptor, relative, displayName: path, options: options)
        } catch {
            throw StudioError("\(path): \(error.description)")
        }
        // The sound plays from 0, named relative to its own folder, where the page saves the pattern.
        let pattern = AudioFileAnalysis.pattern(
            of: analysis, band: band, soundTrack: String(decoding: relative.name, as: UTF8.self))
        guard !pattern.entries.isEmpty else {
            throw StudioError(
                "\(path): the sound is silent or too quiet for haptics with these options; nothing to import (try a higher sensitivity)")
        }
        do {
            return Imported(ahap: try AHAPWriter.string(from: pattern))
        } catch {
            throw StudioError("\(path): \(error.description)")
        }
    }

    /// Which band's pattern an import makes (the whole sound, or below or above the crossover).
    package typealias Band = AudioFileAnalysis.Band

    /// The analysis options and band a request asks for, every number range-checked before it is used.
    ///
    /// - Throws: ``StudioError`` naming the field, its value and its range (as `haptic from-audio` does).
    package static func options(of request: StudioRequest.ImportAudio) throws(StudioError) -> (AudioAnalysisOptions, Band) {
        var options = AudioAnalysisOptions()
        if let sensitivity = request.sensitivity {
            guard sensitivity.isFinite, AudioAnalysisOptions.sensitivityRange.contains(sensitivity) else {
                throw StudioError("importAudio: sensitivity \(sensitivity) is outside 0 … 1")
            }
            options.sensitivity = sensitivity
        }
        if let name = request.content {
            guard let content = AudioAnalysisOptions.Content(rawValue: name) else {
                let known = AudioAnalysisOptions.Content.allCases.map(\.rawValue).joined(separator: ", ")
                throw StudioError("importAudio: unknown content '\(name)'; choose \(known)")
            }
            options.content = content
        }
        if let maxRate = request.maxRate {
            guard maxRate.isFinite, AudioAnalysisOptions.transientRateRange.contains(maxRate) else {
                throw StudioError(
                    "importAudio: maxRate \(maxRate) is outside 1 … 40 transients per second (taps closer than 25 ms fuse)")
            }
            options.maximumTransientRate = maxRate
        }
        if let splitBands = request.splitBands {
            guard splitBands.isFinite, AudioAnalysisOptions.crossoverRange.contains(splitBands) else {
                throw StudioError("importAudio: splitBands \(splitBands) Hz is outside 40 … 4000 Hz")
            }
            options.crossoverFrequency = splitBands
        }
        let band: Band
        switch (request.band, options.crossoverFrequency) {
        case (nil, nil), ("whole", nil): band = .whole
        case ("low", .some): band = .low
        case ("high", .some): band = .high
        case (nil, .some), ("whole", .some):
            throw StudioError("importAudio: splitBands needs band 'low' or 'high' (which band's pattern to make)")
        case ("low", nil), ("high", nil):
            throw StudioError("importAudio: band '\(request.band ?? "")' needs splitBands, the crossover frequency in Hz")
        case (.some(let other), _):
            throw StudioError("importAudio: unknown band '\(other)'; choose low or high (with splitBands)")
        }
        return (options, band)
    }

    /// A pattern made from audio, as AHAP text.
    package struct Imported: Encodable, Sendable {
        /// The pattern.
        package var ahap: String
    }
}
