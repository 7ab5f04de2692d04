import Foundation

/// What the server sends: a reply to a request (`{"id": 7, "ok": true, "result": …}` or `{"id": 7, "ok": false,
/// "error": "…", "code": "exists"}`, the code only where the page acts on it), or a push about playback (`{"push": "pass", "data": …}`).
package enum StudioReply {
    private struct Success<Body: Encodable>: Encodable {
        var id: Int?
        var ok = true
        var result: Body
    }

    private struct Failure: Encodable {
        var id: Int?
        var ok = false
        var error: String
        var code: String?
    }

    private struct Push<Body: Encodable>: Encodable {
        var push: String
        var data: Body
    }

    /// A successful reply to request `id`.
    package static func success(_ id: Int?, _ result: some Encodable) -> String { encode(Success(id: id, result: result)) }

    /// A refusal of request `id` (or of a message that could not be read, `id` `nil`), with a `code` the page acts on
    /// (``StudioError/existsCode``), left out when `nil`.
    package static func failure(_ id: Int?, _ message: String, code: String? = nil) -> String {
        encode(Failure(id: id, error: message, code: code))
    }

    /// A push of `kind`.
    package static func push(_ kind: String, _ data: some Encodable) -> String { encode(Push(push: kind, data: data)) }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        guard let data = try? encoder.encode(value) else { return #"{"ok":false,"error":"the reply could not be encoded"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
