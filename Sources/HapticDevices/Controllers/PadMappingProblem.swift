/// A mapping line that could not be used, or a source that could not be read: where (the source — an environment
/// variable, or a file and the variable that named it —, the line and the column, both counted from 1, in bytes) and
/// what is wrong.
///
///     SDL_GAMECONTROLLERCONFIG_FILE=/home/me/pads.txt:3:45: button number 900 is out of range (b0 … b767); line skipped
package struct PadMappingProblem: Sendable, Hashable, CustomStringConvertible {
    /// The source: `SDL_GAMECONTROLLERCONFIG`, or `SDL_GAMECONTROLLERCONFIG_FILE=<path>`.
    package var source: String
    /// The line, from 1 (0: the source as a whole).
    package var line: Int
    /// The column, from 1, in bytes (0: the source or line as a whole).
    package var column: Int
    /// What is wrong, and what was done about it.
    package var message: String

    /// A problem at `line` and `column` of `source`.
    package init(source: String, line: Int, column: Int, message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.message = message
    }

    /// `source:line:column: message` (only the parts that are known).
    package var description: String {
        var place = source
        if line > 0 { place += ":\(line)" }
        if line > 0, column > 0 { place += ":\(column)" }
        return "\(place): \(message)"
    }
}
