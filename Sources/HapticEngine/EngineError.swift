/// Why an engine or player call failed. The facade maps each code to Core Haptics' error code.
///
///     do { try player.stop(atTime: 0) } catch { print(error.code) }   // .engineNotRunning
public struct EngineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: Sendable, Hashable {
        /// The call needs a running engine (Core Haptics `engineNotRunning`, −4805).
        case engineNotRunning
        /// A negative, NaN or infinite time (Core Haptics `invalidTime`, −4840).
        case invalidTime
        /// The player belongs to an engine state that was reset (Core Haptics `invalidPatternPlayer`, −4812).
        case invalidPlayer
        /// A player slot or the command queue is exhausted (Core Haptics `resourceNotAvailable`, −4825).
        case resourceNotAvailable
        /// The output device could not be started (Core Haptics `serverInitFailed`, −4810).
        case deviceUnavailable
        /// The device stopped working while players were playing (Core Haptics `serverInterrupted`, −4811).
        case deviceFailed
    }

    /// The kind of failure.
    public var code: Code
    /// What happened, in words.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
