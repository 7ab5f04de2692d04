/// One message from the page: `{"id": 7, "type": "save", "path": "Knock.ahap", "ahap": "…"}` — the page's number
/// for it, echoed in the reply, and the request its `type` names, read with that request's own fields.
///
/// A message without a string `type` is malformed (answered without an id); a known `type` whose fields are missing
/// or of the wrong kind, or an unknown `type`, is a refused request (``request`` holds the ``StudioError``, answered
/// with the message's id). Unknown fields are ignored.
package struct StudioMessage: Decodable, Sendable {
    /// The page's number for the request, echoed in the reply.
    package var id: Int?
    /// The request's name as the page sent it (`"save"`), for messages about it.
    package var type: String
    /// The request, or why it cannot be carried out as sent.
    package var request: Result<StudioRequest, StudioError>

    private enum Keys: String, CodingKey { case id, type }

    /// Reads the envelope (`id`, `type`), then the request's own fields.
    ///
    /// - Throws: `DecodingError` when the message is not an object with a string `type` (or its `id` is not a number).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id)
        type = try container.decode(String.self, forKey: .type)
        do {
            request = .success(try StudioRequest(type: type, from: decoder))
        } catch let error as StudioError {
            request = .failure(error)
        } catch {
            request = .failure(StudioError(Self.fieldProblem(error, type: type)))
        }
    }

    /// "'save' needs a field 'path'", "'analyze': the field 'from' must be a number".
    private static func fieldProblem(_ error: any Error, type: String) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _):
            return "'\(type)' needs a field '\(key.stringValue)'"
        case DecodingError.valueNotFound(_, let context):
            return "'\(type)' needs a field '\(field(context))' (it was null)"
        case DecodingError.typeMismatch(let expected, let context):
            return "'\(type)': the field '\(field(context))' must be \(kind(expected))"
        case DecodingError.dataCorrupted(let context):
            return "'\(type)': the field '\(field(context))': \(context.debugDescription)"
        default:
            return "'\(type)': \(error)"
        }
    }

    private static func field(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type: "a whole number"
        default: "a number"
        }
    }
}

/// What the page asks the studio to do: one case per request, each with the fields it needs.
package enum StudioRequest: Sendable, Equatable {
    /// The studio's folder, schema, outputs and limits: the page's first request.
    case hello
    /// The folder's patterns, exports and audio files.
    case list
    /// A pattern file of the folder, as AHAP for the editor.
    case open(Open)
    /// The page's pattern sampled for drawing, and its check.
    case analyze(Analyze)
    /// The page's pattern written to an AHAP file of the folder.
    case save(Save)
    /// The page's pattern written in another format (`haptic`, `android`, `web`, `gamepad`).
    case export(Export)
    /// The page's pattern played on the chosen output.
    case play(Play)
    /// An edit while looping: the next pass plays it.
    case update(Take)
    /// Stops playback.
    case stop
    /// The outputs, listed again.
    case outputs
    /// Chooses the output to play on.
    case output(Output)
    /// A pattern made from an audio file of the folder.
    case importAudio(ImportAudio)

    /// Every request's name, in the order the page meets them.
    package static let names = [
        "hello", "list", "open", "analyze", "save", "export", "play", "update", "stop", "outputs", "output", "importAudio",
    ]

    /// Reads the request `type` names from the message's fields.
    ///
    /// - Throws: ``StudioError`` for an unknown `type`; `DecodingError` for a missing or mistyped field.
    init(type: String, from decoder: any Decoder) throws {
        switch type {
        case "hello": self = .hello
        case "list": self = .list
        case "open": self = .open(try Open(from: decoder))
        case "analyze": self = .analyze(try Analyze(from: decoder))
        case "save": self = .save(try Save(from: decoder))
        case "export": self = .export(try Export(from: decoder))
        case "play": self = .play(try Play(from: decoder))
        case "update": self = .update(try Take(from: decoder))
        case "stop": self = .stop
        case "outputs": self = .outputs
        case "output": self = .output(try Output(from: decoder))
        case "importAudio": self = .importAudio(try ImportAudio(from: decoder))
        default:
            throw StudioError("unknown message type '\(type)'; known: \(Self.names.joined(separator: ", "))")
        }
    }

    /// `open`: a file, relative to the studio's folder.
    package struct Open: Decodable, Sendable, Equatable {
        /// The file.
        package var path: String
    }

    /// The page's pattern: its AHAP text, the name it goes by and the folder its custom audio resolves against.
    package struct Pattern: Decodable, Sendable, Equatable {
        /// The pattern as AHAP text (the page's model, `JSON.stringify`ed).
        package var ahap: String
        /// Its file, relative to the studio's folder (for messages; `untitled.ahap` when new).
        package var path: String?
        /// The folder its custom audio resolves against, relative to the studio's folder (`""`: the folder).
        package var dir: String?
    }

    /// A time window or selection, seconds (`from` and `to`; both or neither count).
    package struct Span: Decodable, Sendable, Equatable {
        /// Its start.
        package var from: Double?
        /// Its end.
        package var to: Double?
    }

    /// `analyze`: the pattern, a window of it and how many columns to sample it in (1 000 when not given).
    package struct Analyze: Decodable, Sendable, Equatable {
        /// The pattern.
        package var pattern: Pattern
        /// The window to sample; the whole pattern when not given.
        package var window: Span
        /// How many columns to sample the window in.
        package var columns: Int?

        private enum Keys: String, CodingKey { case columns }

        /// Reads the pattern's, the window's and its own fields from the message.
        package init(from decoder: any Decoder) throws {
            pattern = try Pattern(from: decoder)
            window = try Span(from: decoder)
            columns = try decoder.container(keyedBy: Keys.self).decodeIfPresent(Int.self, forKey: .columns)
        }
    }

    /// `save`: the file to write and the pattern.
    package struct Save: Decodable, Sendable, Equatable {
        /// The file, relative to the studio's folder (`.ahap` or `.json`).
        package var path: String
        /// The pattern as AHAP text.
        package var ahap: String
        /// The page's confirmation that an existing file may be replaced; anything but `true` refuses an existing
        /// file with the code `exists`.
        package var replace: Bool?
    }

    /// `export`: the file to write, its format, the step and the pattern.
    package struct Export: Decodable, Sendable, Equatable {
        /// The file, relative to the studio's folder.
        package var path: String
        /// The pattern as AHAP text.
        package var ahap: String
        /// The format: `haptic`, `android`, `web` or `gamepad`.
        package var format: String
        /// The step of sampled formats, milliseconds (25 when not given).
        package var step: Int?
        /// As ``Save/replace``.
        package var replace: Bool?
    }

    /// `update` (and the part of `play` it shares): the pattern and the selection to play.
    package struct Take: Decodable, Sendable, Equatable {
        /// The pattern.
        package var pattern: Pattern
        /// The selection to play; the whole pattern when not given.
        package var selection: Span

        /// Reads the pattern's and the selection's fields from the message.
        package init(from decoder: any Decoder) throws {
            pattern = try Pattern(from: decoder)
            selection = try Span(from: decoder)
        }
    }

    /// `play`: what to play and whether to loop it.
    package struct Play: Decodable, Sendable, Equatable {
        /// The pattern and selection.
        package var take: Take
        /// Whether to loop.
        package var loop: Bool?

        private enum Keys: String, CodingKey { case loop }

        /// Reads the take's and its own fields from the message.
        package init(from decoder: any Decoder) throws {
            take = try Take(from: decoder)
            loop = try decoder.container(keyedBy: Keys.self).decodeIfPresent(Bool.self, forKey: .loop)
        }
    }

    /// `output`: the output to play on.
    package struct Output: Decodable, Sendable, Equatable {
        /// Its ID (one of ``StudioOutput/id``).
        package var output: String
    }

    /// `importAudio`: an audio file of the folder and the CLI's analysis options (`haptic from-audio`).
    package struct ImportAudio: Decodable, Sendable, Equatable {
        /// The audio file, relative to the studio's folder.
        package var path: String
        /// How readily sound becomes haptics, 0 … 1 (`--sensitivity`).
        package var sensitivity: Double?
        /// Which events to write — `transientsAndContinuous` (the default), `transientsOnly` or `continuousOnly`
        /// (`--transients-only`, `--continuous-only`).
        package var content: String?
        /// The most transients per second, 1 … 40 (`--max-rate`).
        package var maxRate: Double?
        /// The crossover frequency of a band split, 40 … 4000 Hz (`--split-bands`); needs ``band``.
        package var splitBands: Double?
        /// Which band's pattern to make with ``splitBands`` — `low` (below it) or `high` (above it).
        package var band: String?
    }
}
