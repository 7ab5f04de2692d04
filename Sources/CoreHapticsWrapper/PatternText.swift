import Foundation
import OpenCoreHaptics

/// AHAP text from C, read with OpenCoreHaptics' own reader (errors carry line:column and the JSON path).
enum PatternText {
    /// The pattern in NUL-terminated UTF-8 AHAP text.
    ///
    /// - Throws: `CHHapticError` — `invalidPatternData` for NULL text, and the reader's codes and messages.
    static func pattern(_ text: UnsafePointer<CChar>?, in function: StaticString) throws -> CHHapticPattern {
        try CHHapticPattern(data: data(text, in: function))
    }

    /// The bytes of NUL-terminated AHAP text (bounded by the reader's size limit).
    ///
    /// - Throws: `CHHapticError.Code.invalidPatternData` for NULL text.
    static func data(_ text: UnsafePointer<CChar>?, in function: StaticString) throws -> Data {
        guard let data = CText.bytes(text) else {
            throw CHHapticError(
                .invalidPatternData, userInfo: [NSLocalizedDescriptionKey: "\(ErrorReport.cName(function)): the AHAP text is NULL"])
        }
        return data
    }
}
