import HapticPattern

// MARK: Import from audio — waiting for HapticAnalysis (issue 13)
//
// "Import from audio" turns an audio file of the folder into a pattern with `HapticAnalysis` (onsets, loudness and
// brightness envelopes), the module issue 13 builds on its own branch. It has not landed on main yet, so this is the
// one place the studio leaves for it: the page shows the button disabled while `isAvailable` is false, and the
// server answers `importAudio` with the reason. Once HapticAnalysis is on main: depend on it in Package.swift,
// resolve `request.path` with `folder.resolve(_:)`, run the analysis, and return `Imported(ahap:)` with
// `AHAPWriter.string(from:)` of its pattern; the page opens the result as a new, unsaved pattern.

/// Import from audio (`haptic from-audio` in the page).
package enum StudioImport {
    /// Whether the studio can turn audio into a pattern in this build.
    package static let isAvailable = false

    /// The pattern made from the audio file `request.path`.
    ///
    /// - Throws: ``StudioError`` always in this build: HapticAnalysis (issue 13) is not part of it yet.
    package static func fromAudio(_ request: StudioRequest, folder: StudioFolder) throws(StudioError) -> Imported {
        throw StudioError("import from audio needs HapticAnalysis (issue 13), which is not in this build yet")
    }

    /// A pattern made from audio, as AHAP text.
    package struct Imported: Encodable, Sendable {
        /// The pattern.
        package var ahap: String
    }
}
