import Foundation
import HapticLoading
import HapticPattern

/// Import from audio (`haptic from-audio` in the page): an audio file of the folder becomes a new, unsaved pattern
/// through HapticAnalysis — taps at its hits, continuous events under its sustained parts — with the sound itself as
/// an `AudioCustom` event at 0 (its `EventWaveformPath` relative to the file's folder, where the page saves the
/// pattern), so the designer sees the waveform lane and hears sound and touch together.
package enum StudioImport {
    /// Whether the studio can turn audio into a pattern in this build.
    package static let isAvailable = true

    /// The pattern made from the audio file `request.path` (inside the folder).
    ///
    /// - Throws: ``StudioError`` for a path outside the folder, a missing or unreadable file, audio the analysis
    ///   refuses, or a sound too quiet to make any haptics.
    package static func fromAudio(_ request: StudioRequest, folder: StudioFolder) throws(StudioError) -> Imported {
        guard let path = request.path else { throw StudioError("importAudio needs a path") }
        let relative = try folder.path(path)
        var pattern: Pattern
        do {
            // Opened by the kernel beneath the studio's folder, no link followed.
            pattern = try AudioFileAnalysis.analyse(beneath: folder.descriptor, relative, displayName: path).pattern
        } catch {
            throw StudioError("\(path): \(error.description)")
        }
        guard !pattern.entries.isEmpty else {
            throw StudioError("\(path): the sound is silent or too quiet for haptics; nothing to import")
        }
        // The analysis' times are the sound's own: the sound plays from 0.
        pattern.entries.insert(
            .event(Event(type: .audioCustom, time: 0, waveform: .path(String(decoding: relative.name, as: UTF8.self)))), at: 0)
        do {
            return Imported(ahap: try AHAPWriter.string(from: pattern))
        } catch {
            throw StudioError("\(path): \(error.description)")
        }
    }

    /// A pattern made from audio, as AHAP text.
    package struct Imported: Encodable, Sendable {
        /// The pattern.
        package var ahap: String
    }
}
