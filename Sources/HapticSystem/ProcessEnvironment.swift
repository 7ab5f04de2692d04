/// The process environment as a dictionary, without Foundation.
public enum ProcessEnvironment {
    /// Every `NAME=value` of the process environment (`environ`).
    public static var current: [String: String] {
        var result: [String: String] = [:]
        #if canImport(Darwin)
        guard var cursor = _NSGetEnviron()?.pointee else { return result }
        #else
        guard var cursor = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else { return result }
        #endif
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            cursor += 1
        }
        return result
    }
}
