// The Tauri plug-in API, as its haptics plug-in uses it (compatibility corpus gate only), built as the module
// `Tauri`. Tauri calls plug-in methods through the Objective-C runtime (`@objc`), which Linux lacks.
import Foundation

/// A plug-in.
open class Plugin {
    /// Creates a plug-in.
    public init() {}
}

/// A call from JavaScript.
open class Invoke {
    /// The arguments, as JSON.
    public let arguments: Data

    /// A call with JSON arguments.
    public init(arguments: Data) { self.arguments = arguments }

    /// The arguments decoded.
    public func parseArgs<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(type, from: arguments) }

    /// Answers the call.
    public func resolve() {}
}

/// Tauri's log.
public enum Logger {
    /// Logs an error.
    public static func error(_ message: String) { print(message) }
}
