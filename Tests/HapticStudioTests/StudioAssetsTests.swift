import Foundation
import HapticStudio
import Testing

/// The embedded page is the page in Web/, every file as written there: the StudioAssets plugin runs again after an edit.
@Suite struct StudioAssetsTests {
    static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/HapticStudio/Web")

    @Test func embeddedFilesMatchTheWebFolder() throws {
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.web.path))
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: Self.web.appendingPathComponent(path).path, isDirectory: &isDirectory) else {
                continue
            }
            if !isDirectory.boolValue, !(path as NSString).lastPathComponent.hasPrefix(".") { paths.append(path) }
        }
        #expect(paths.sorted() == StudioAssets.paths, "the StudioAssets plugin did not embed every file of Web/")
        for path in paths {
            let text = try String(contentsOf: Self.web.appendingPathComponent(path), encoding: .utf8)
            #expect(StudioAssets.asset(path)?.text == text, "\(path) differs from its embedded copy")
        }
    }

    @Test func thePageCarriesTheTokenAndAnImportMapForEveryModule() {
        let page = StudioPage(token: StudioToken(value: "abc123"), nonce: "n0")
        let html = page.html()
        #expect(!html.contains("{{"))
        #expect(html.contains(#"src="/assets/js/main.js?token=abc123""#))
        #expect(html.contains(#"<script type="importmap" nonce="n0">"#))
        for module in StudioAssets.modules {
            #expect(html.contains("\"/assets/\(module)\": \"/assets/\(module)?token=abc123\""))
        }
    }

    @Test func tokensAreFreshLongAndComparedExactly() {
        let one = StudioToken()
        let two = StudioToken()
        #expect(one.value != two.value)
        #expect(one.value.count == 48)
        #expect(one.matches(one.value))
        #expect(!one.matches(two.value))
        #expect(!one.matches(one.value.dropLast()))
        #expect(!one.matches(""))
    }
}
