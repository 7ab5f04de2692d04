/// A `.haptic` file that cannot be read: where (a JSON path such as
/// `signals.continuous.envelopes.amplitude[3].time`) and what is wrong.
///
/// The description reads like a compiler diagnostic: `gear.haptic: error: signals…amplitude[3].time: …`.
public struct HapticFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the offending value; empty for the whole document.
    public var path: String
    /// What is wrong.
    public var message: String
    /// The file name, when known.
    public var file: String?

    /// Creates an error.
    public init(path: String, message: String, file: String? = nil) {
        self.path = path
        self.message = message
        self.file = file
    }

    /// `file: error: path: message`.
    public var description: String {
        (file.map { $0 + ": " } ?? "") + "error: " + (path.isEmpty ? "" : path + ": ") + message
    }

    init(decoding error: DecodingError, file: String?) {
        func render(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = render(context.codingPath)
            self.init(path: parent, message: "missing required field \"\(key.stringValue)\"", file: file)
        case .typeMismatch(let type, let context):
            self.init(path: render(context.codingPath), message: "expected \(Self.name(type))", file: file)
        case .valueNotFound(let type, let context):
            self.init(path: render(context.codingPath), message: "expected \(Self.name(type)), found null", file: file)
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            self.init(path: render(context.codingPath), message: "\(context.debugDescription)\(underlying)", file: file)
        @unknown default:
            self.init(path: "", message: "\(error)", file: file)
        }
    }

    private static func name(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: return "an integer"
        case is Double.Type: return "a number"
        case is String.Type: return "a string"
        default:
            let text = String(describing: type)
            return text.hasPrefix("Array") ? "an array" : text.contains("Dictionary") ? "an object" : "an object (\(text))"
        }
    }
}
