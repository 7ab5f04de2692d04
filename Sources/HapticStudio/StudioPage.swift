/// The page as served for one run: `index.html` with the run's token in every URL it loads, an import map that adds
/// the token to every module import, and a nonce for the one inline script (the import map) that the Content
/// Security Policy allows.
package struct StudioPage: Sendable {
    /// The run's token.
    package let token: StudioToken
    /// The nonce of the inline import map (fresh per run).
    package let nonce: String

    /// Creates the page for a run.
    package init(token: StudioToken, nonce: String = StudioToken().value) {
        self.token = token
        self.nonce = nonce
    }

    /// `index.html` with the placeholders filled in.
    package func html() -> String {
        let template = StudioAssets.asset("index.html")?.text ?? ""
        let imports = StudioAssets.modules.map { "    \"/assets/\($0)\": \"/assets/\($0)?token=\(token.value)\"" }
        let importMap = "{\n  \"imports\": {\n" + imports.joined(separator: ",\n") + "\n  }\n}"
        return
            template
            .replacingOccurrences(of: "{{IMPORT_MAP}}", with: importMap)
            .replacingOccurrences(of: "{{NONCE}}", with: nonce)
            .replacingOccurrences(of: "{{TOKEN}}", with: token.value)
    }

    /// The Content Security Policy: nothing from anywhere but the studio itself, scripts only its own modules and
    /// the import map, connections only to its own WebSocket.
    package func contentSecurityPolicy(address: StudioAddress) -> String {
        let port = address.port
        return [
            "default-src 'none'", "script-src 'self' 'nonce-\(nonce)'", "style-src 'self'", "img-src 'self' data:",
            "connect-src ws://127.0.0.1:\(port) ws://localhost:\(port)", "base-uri 'none'", "form-action 'none'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement` (Foundation-free).
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
