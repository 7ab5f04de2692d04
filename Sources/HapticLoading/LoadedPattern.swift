import Foundation
import HapticInterchange
import HapticPattern
import HapticRender

/// A pattern file as the loader read it: the pattern, where it came from, what was noticed on the way, and where
/// its custom audio is.
package struct LoadedPattern: Sendable {
    /// The pattern.
    package var pattern: Pattern
    /// The format the file was read as.
    package var format: PatternFileFormat
    /// The reader's document: warnings and the source location of each entry (to point errors at).
    package var document: AHAPDocument
    /// The name used in messages (the path as given).
    package var file: String
    /// The folder `EventWaveformPath` values resolve against (the file's folder), and stay inside.
    package var folder: URL
    /// Each `EventWaveformPath` resolved to its file (confined to ``folder``).
    package var waveformFiles: [String: URL]
    /// The length of each custom-audio file, read from its header (files that do not decode are left out).
    package var audioDurations: [WaveformSource: Double]
    /// What a `.haptic` file lost or approximated on its way to a pattern (empty for AHAP and property lists).
    package var conversionNotes: [ConversionNote]
    /// The decoded custom audio, by waveform: filled by ``PatternLoader/check(_:displayName:limits:otherExtensions:)``, which decodes
    /// every file as playback would (empty after ``PatternLoader/load(_:displayName:limits:formats:otherExtensions:)``,
    /// which only reads lengths).
    package var audio: [WaveformSource: AudioBuffer] = [:]
    /// Where the custom audio is read (`nil`: by path inside ``folder``); the studio's loads read beneath its folder's
    /// descriptor.
    package var waveformAccess: WaveformAccess?

    /// Warnings found while reading (trailing commas, unknown keys, duplicate keys, …).
    package var warnings: [PatternWarning] { document.warnings }

    /// The pattern's length as `CHHapticPattern.duration` gives it: custom audio lasts as long as its file.
    package var duration: Double { pattern.duration(audioDurations: audioDurations) }

    /// Creates a loaded pattern.
    package init(
        pattern: Pattern, format: PatternFileFormat, document: AHAPDocument, file: String, folder: URL,
        waveformFiles: [String: URL] = [:], audioDurations: [WaveformSource: Double] = [:], conversionNotes: [ConversionNote] = []
    ) {
        self.pattern = pattern
        self.format = format
        self.document = document
        self.file = file
        self.folder = folder
        self.waveformFiles = waveformFiles
        self.audioDurations = audioDurations
        self.conversionNotes = conversionNotes
    }
}

/// Everything ``PatternLoader/check(_:displayName:limits:otherExtensions:)`` found: every error (located), every warning, and what
/// could be read.
package struct PatternCheck: Sendable {
    /// What could be read (`nil` when the file could not be read at all).
    package var loaded: LoadedPattern?
    /// Every error, each with its code, path and line:column.
    package var errors: [PatternError]
    /// Every warning.
    package var warnings: [PatternWarning]

    /// Whether the file is a playable pattern.
    package var isValid: Bool { errors.isEmpty && loaded != nil }

    /// Creates a result.
    package init(loaded: LoadedPattern?, errors: [PatternError], warnings: [PatternWarning]) {
        self.loaded = loaded
        self.errors = errors
        self.warnings = warnings
    }
}
