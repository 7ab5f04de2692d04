import HTTPTypes
import HapticStudioCore
import Hummingbird
import NIOCore

/// Answers every HTTP request: the access checks first (``StudioAccess``), then the page (`/`), its embedded files
/// (`/assets/…`), and a refusal for `/ws` requests that were not upgraded (a WebSocket from a foreign origin ends
/// here with 403).
package struct StudioResponder: HTTPResponder {
    /// Requests carry no state of their own.
    package typealias Context = BasicRequestContext

    /// The checks.
    package let access: StudioAccess
    /// The page of this run.
    package let page: StudioPage

    /// Creates the responder.
    package init(access: StudioAccess, page: StudioPage) {
        self.access = access
        self.page = page
    }

    /// The response to `request`.
    package func respond(to request: Request, context: Context) async throws -> Response {
        if let refusal = access.refusal(for: request.head) { return Self.text(refusal.message, status: refusal.status) }
        guard request.method == .get || request.method == .head else {
            return Self.text("only GET is served; the studio talks over its WebSocket", status: .methodNotAllowed)
        }
        let path = request.uri.path
        if path == "/" || path == "/index.html" {
            var response = Self.text(page.html(), contentType: "text/html; charset=utf-8")
            response.headers[.contentSecurityPolicy] = page.contentSecurityPolicy(address: access.address)
            return response
        }
        if path.hasPrefix("/assets/"), let asset = StudioAssets.asset(String(path.dropFirst("/assets/".count))) {
            return Self.text(asset.text, contentType: asset.contentType)
        }
        if path == "/ws" {
            // A valid upgrade never gets here: this is one the upgrade checks refused, or a plain GET.
            let refusal = access.upgradeRefusal(for: request.head)
            return Self.text(refusal?.message ?? "/ws takes WebSocket upgrades only", status: refusal?.status ?? .badRequest)
        }
        return Self.text("not found: \(path)", status: .notFound)
    }

    /// A text response that no cache keeps and that sends no referrer (the URL holds the token).
    static func text(_ text: String, status: HTTPResponse.Status = .ok, contentType: String = "text/plain; charset=utf-8") -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
