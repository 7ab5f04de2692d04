/// One message from the page: `{"id": 7, "type": "save", "path": "Knock.ahap", "ahap": "…"}`. Which fields a type
/// needs is checked by ``StudioSession``; unknown fields are ignored.
package struct StudioRequest: Decodable, Sendable {
    /// The page's number for the request, echoed in the reply.
    package var id: Int?
    /// What to do: `hello`, `list`, `open`, `analyze`, `save`, `export`, `play`, `update`, `stop`, `outputs`,
    /// `output`, `importAudio`.
    package var type: String
    /// A file, relative to the studio's folder.
    package var path: String?
    /// The pattern as AHAP text (the page's model, `JSON.stringify`ed).
    package var ahap: String?
    /// The folder the pattern's custom audio resolves against, relative to the studio's folder (`""`: the folder).
    package var dir: String?
    /// The start of a time window or selection, seconds.
    package var from: Double?
    /// The end of a time window or selection, seconds.
    package var to: Double?
    /// How many columns to sample a window in.
    package var columns: Int?
    /// Whether to loop.
    package var loop: Bool?
    /// An export format: `haptic`, `android`, `web`, `gamepad`.
    package var format: String?
    /// The export step, milliseconds.
    package var step: Int?
    /// An output ID.
    package var output: String?
    /// For `save` and `export`: the page's confirmation that an existing file may be replaced. Anything but `true`
    /// refuses an existing target with the code `exists`.
    package var replace: Bool?
    /// Import from audio: how readily sound becomes haptics, 0 … 1 (`--sensitivity`).
    package var sensitivity: Double?
    /// Import from audio: which events to write — `transientsAndContinuous` (the default), `transientsOnly` or
    /// `continuousOnly` (`--transients-only`, `--continuous-only`).
    package var content: String?
    /// Import from audio: the most transients per second, 1 … 40 (`--max-rate`).
    package var maxRate: Double?
    /// Import from audio: the crossover frequency of a band split, 40 … 4000 Hz (`--split-bands`); needs ``band``.
    package var splitBands: Double?
    /// Import from audio: which band's pattern to make with ``splitBands`` — `low` (below it) or `high` (above it).
    package var band: String?

    /// The required string field `name`, or an error that names it.
    package func required(_ value: String?, _ name: String) throws(StudioError) -> String {
        guard let value else { throw StudioError("'\(type)' needs a string field '\(name)'") }
        return value
    }
}
