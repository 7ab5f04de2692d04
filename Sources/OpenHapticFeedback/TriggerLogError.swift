/// A trigger log line that could not be read.
///
///     do { _ = try TriggerLogEntry.parse(jsonLines: text) } catch { print(error) }   // line 3: expected …
public struct TriggerLogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// What is wrong.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - line: the 1-based line.
    ///   - message: what is wrong.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
}
