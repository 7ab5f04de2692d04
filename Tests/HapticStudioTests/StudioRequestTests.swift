import Foundation
import HapticStudio
import Testing

/// ``StudioMessage`` and ``StudioRequest``: the page's messages read as one typed request each, with the fields that
/// request needs; a request that lacks one, or names an unknown type, is refused with the message's id and a message
/// naming what is wrong, and a message without a `type` is malformed.
@Suite struct StudioRequestTests {
    private static func read(_ text: String) throws -> StudioMessage {
        try JSONDecoder().decode(StudioMessage.self, from: Data(text.utf8))
    }

    private static func request(_ text: String) throws -> StudioRequest {
        try read(text).request.get()
    }

    @Test func eachTypeReadsItsOwnFields() throws {
        #expect(try Self.request(#"{"id": 1, "type": "hello"}"#) == .hello)
        #expect(try Self.request(#"{"type": "list", "path": "ignored"}"#) == .list)
        #expect(try Self.request(#"{"type": "stop"}"#) == .stop)
        #expect(try Self.request(#"{"type": "outputs"}"#) == .outputs)
        guard case .open(let open) = try Self.request(#"{"type": "open", "path": "a/Knock.ahap"}"#) else {
            Issue.record("not an open request")
            return
        }
        #expect(open.path == "a/Knock.ahap")
        guard case .save(let save) = try Self.request(#"{"type": "save", "path": "K.ahap", "ahap": "{}", "replace": true}"#) else {
            Issue.record("not a save request")
            return
        }
        #expect(save.path == "K.ahap" && save.ahap == "{}" && save.replace == true)
        guard
            case .export(let export) = try Self.request(
                #"{"type": "export", "path": "K.json", "ahap": "{}", "format": "android", "step": 10}"#)
        else {
            Issue.record("not an export request")
            return
        }
        #expect(export.format == "android" && export.step == 10 && export.replace == nil)
        guard
            case .analyze(let analyze) = try Self.request(
                #"{"type": "analyze", "ahap": "{}", "dir": "a", "from": 1, "to": 2.5, "columns": 80}"#)
        else {
            Issue.record("not an analyze request")
            return
        }
        #expect(analyze.pattern.ahap == "{}" && analyze.pattern.path == nil && analyze.pattern.dir == "a")
        #expect(analyze.window.from == 1 && analyze.window.to == 2.5 && analyze.columns == 80)
        guard case .play(let play) = try Self.request(#"{"type": "play", "ahap": "{}", "path": "K.ahap", "loop": true}"#) else {
            Issue.record("not a play request")
            return
        }
        #expect(play.loop == true && play.take.pattern.path == "K.ahap")
        #expect(play.take.selection.from == nil && play.take.selection.to == nil)
        guard case .update(let update) = try Self.request(#"{"type": "update", "ahap": "{}", "from": 0, "to": 1}"#) else {
            Issue.record("not an update request")
            return
        }
        #expect(update.selection.from == 0 && update.selection.to == 1)
        guard case .output(let output) = try Self.request(#"{"type": "output", "output": "wav:/tmp/x.wav"}"#) else {
            Issue.record("not an output request")
            return
        }
        #expect(output.output == "wav:/tmp/x.wav")
        guard
            case .importAudio(let fields) = try Self.request(
                #"{"type": "importAudio", "path": "s.wav", "splitBands": 300, "band": "low"}"#)
        else {
            Issue.record("not an importAudio request")
            return
        }
        #expect(fields.path == "s.wav" && fields.splitBands == 300 && fields.band == "low" && fields.sensitivity == nil)
    }

    @Test func aMissingFieldIsRefusedByNameWithTheMessagesID() throws {
        let message = try Self.read(#"{"id": 3, "type": "save", "ahap": "{}"}"#)
        #expect(message.id == 3 && message.type == "save")
        #expect(throws: StudioError.self) { try message.request.get() }
        #expect(message.refusal == "'save' needs a field 'path'")
        #expect(try Self.read(#"{"type": "export", "path": "x.json", "ahap": "{}"}"#).refusal == "'export' needs a field 'format'")
        #expect(try Self.read(#"{"type": "open", "path": null}"#).refusal?.hasPrefix("'open' needs a field 'path'") == true)
    }

    @Test func aFieldOfTheWrongKindIsRefusedByName() throws {
        #expect(
            try Self.read(#"{"type": "analyze", "ahap": "{}", "columns": "many"}"#).refusal
                == "'analyze': the field 'columns' must be a whole number")
        #expect(try Self.read(#"{"type": "play", "ahap": "{}", "loop": 1}"#).refusal == "'play': the field 'loop' must be true or false")
        #expect(try Self.read(#"{"type": "save", "path": 7, "ahap": "{}"}"#).refusal == "'save': the field 'path' must be a string")
    }

    @Test func anUnknownTypeIsRefusedWithTheKnownOnes() throws {
        let message = try Self.read(#"{"id": 2, "type": "format-disk"}"#)
        #expect(message.id == 2)
        let refusal = try #require(message.refusal)
        #expect(refusal.hasPrefix("unknown message type 'format-disk'; known: hello, list, open"))
        for name in StudioRequest.names { #expect(refusal.contains(name)) }
    }

    @Test func aMessageWithoutAStringTypeIsMalformed() {
        for text in [#"{"id": 1}"#, #"{"type": 7}"#, "[]", "42", #"{"id": "one", "type": "hello"}"#] {
            #expect(throws: DecodingError.self, "\(text)") { try Self.read(text) }
        }
    }
}

extension StudioMessage {
    /// The refusal's message, `nil` for a request that was read.
    fileprivate var refusal: String? {
        if case .failure(let error) = request { return error.message }
        return nil
    }
}
