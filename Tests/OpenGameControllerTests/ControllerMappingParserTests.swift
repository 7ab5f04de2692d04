import Foundation
import HapticDevices
import HapticTestSupport
import Testing

@testable import OpenGameController

/// SDL game controller mapping lines (issue 35, item 1): the lines a user writes or keeps in a `gamecontrollerdb.txt`
/// become bindings, every bad line is an error with its place, other platforms are skipped, and a pad finds its line
/// by SDL's GUID. The lines here are our own, written in SDL's format for made-up pads.
@Suite struct ControllerMappingParserTests {
    /// A DirectInput-style arcade stick: buttons by number, stick on a0/a1, d-pad on hat 0.
    static let arcadeLine =
        "03000000341200007856000010010000,Acme Arcade Stick,a:b1,b:b2,x:b0,y:b3,back:b8,start:b9,leftshoulder:b4,"
        + "rightshoulder:b5,lefttrigger:b6,righttrigger:b7,leftx:a0,lefty:a1,dpup:h0.1,dpright:h0.2,dpdown:h0.4,dpleft:h0.8,"
        + "platform:Linux,"

    private func parse(_ text: String, requiresPlatform: Bool = false) -> PadMappingParser.Result {
        PadMappingParser.parse(text, source: "SDL_GAMECONTROLLERCONFIG", requiresPlatform: requiresPlatform)
    }

    @Test func aLineBecomesItsGUIDNameAndBindings() throws {
        let result = parse(Self.arcadeLine)
        #expect(result.problems.isEmpty)
        let mapping = try #require(result.mappings.first)
        #expect(mapping.guid.description == "03000000341200007856000010010000")
        #expect(mapping.name == "Acme Arcade Stick")
        #expect(mapping.origin == "SDL_GAMECONTROLLERCONFIG:1")
        #expect(mapping.bindings.count == 16)
        #expect(mapping.bindings.first == .init(output: .button(.a), input: .button(index: 1)))
        #expect(mapping.bindings.contains(.init(output: .axis(.lefty, .full), input: .axis(index: 1, half: .full, inverted: false))))
        #expect(mapping.bindings.contains(.init(output: .button(.dpleft), input: .hat(index: 0, mask: 8))))
    }

    @Test func halfAxesInversionAndTheFieldsSDLAddsAreRead() throws {
        let line =
            "05000000adde0000efbe000000010000,Twin Pad, a:b0 ,-leftx:b10,+leftx:b11,lefttrigger:+a2,righttrigger:-a2~,"
            + "righty:a3~,Guide:b12,misc1:b13,paddle2:b14,touchpad:b15,crc:1a2b,hint:SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1,"
            + "type:ps4,sdk>=:1,platform:linux"
        let result = parse(line)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let bindings = try #require(result.mappings.first).bindings
        #expect(
            bindings == [
                .init(output: .button(.a), input: .button(index: 0)),
                .init(output: .axis(.leftx, .negative), input: .button(index: 10)),
                .init(output: .axis(.leftx, .positive), input: .button(index: 11)),
                .init(output: .axis(.lefttrigger, .full), input: .axis(index: 2, half: .positive, inverted: false)),
                .init(output: .axis(.righttrigger, .full), input: .axis(index: 2, half: .negative, inverted: true)),
                .init(output: .axis(.righty, .full), input: .axis(index: 3, half: .full, inverted: true)),
                .init(output: .button(.guide), input: .button(index: 12)),
                .init(output: .button(.misc1), input: .button(index: 13)),
                .init(output: .button(.paddle2), input: .button(index: 14)),
                .init(output: .button(.touchpad), input: .button(index: 15)),
            ])
    }

    @Test func linesForOtherPlatformsCommentsAndBlankLinesAreSkippedNotErrors() {
        let text = [
            "# my pads", "", "xinput,XInput Controller,a:b0,b:b1,platform:Windows,",
            "030000005e040000e002000000000000,Some Pad,a:b0,platform:Mac OS X,", "   ", Self.arcadeLine,
        ].joined(separator: "\r\n")
        let result = parse(text)
        #expect(result.problems.isEmpty)
        #expect(result.otherPlatforms == 2)
        #expect(result.mappings.map(\.origin) == ["SDL_GAMECONTROLLERCONFIG:6"])
    }

    /// Each bad line: its line and column (from 1, in bytes) point at the culprit, the message says what is wrong, and
    /// the good lines around it still load.
    @Test func everyBadLineIsAnErrorWithItsLineAndColumn() {
        let guid = "03000000341200007856000010010000"
        let bad: [(line: String, culprit: String, message: String)] = [
            ("\(guid),Pad,a:b1,b:b900,platform:Linux,", "900", "button number 900 is out of range (b0 … b767)"),
            ("\(guid),Pad,a:b1,foo:b2,platform:Linux,", "foo", "unknown element 'foo'"),
            ("0300000034120000785600001001,Pad,a:b1,platform:Linux,", "0300", "is not 32 hexadecimal digits"),
            ("\(guid),Pad,a:b1,leftx,platform:Linux,", "leftx,", "'leftx' is not output:input"),
            ("\(guid),Pad,dpup:h0.0,platform:Linux,", "0,platform", "hat mask 0 is out of range (h0.1 … h0.15)"),
            ("\(guid),Pad,dpup:h4.1,platform:Linux,", "4.1", "hat number 4 is out of range (h0 … h3)"),
            ("\(guid),Pad,leftx:a64,platform:Linux,", "64", "axis number 64 is out of range (a0 … a63)"),
            ("\(guid),Pad,a:b12345,platform:Linux,", "12345", "button number '12345' is too long"),
            ("\(guid),Pad,a:b1~,platform:Linux,", "b1~", "~ inverts an axis"),
            ("\(guid),Pad,+a:b1,platform:Linux,", "+a:", "a + or - takes half of an axis, and a is a button"),
            ("\(guid),Pad,a:x1,platform:Linux,", "x1", "is not an input"),
            ("\(guid),Pad,a:b1x,platform:Linux,", "b1x", "unexpected 'x' after b1"),
            ("\(guid),Pad,a:b1,crc:12345,platform:Linux,", "12345", "crc '12345' is not 1 to 4 hexadecimal digits"),
            ("\(guid),Pad,a:b1,crc:xyz,platform:Linux,", "xyz", "crc 'xyz' is not 1 to 4 hexadecimal digits"),
            ("\(guid),Pad,a:b1,hint:!,platform:Linux,", ",platform", "expected a hint's name after 'hint:!'"),
            ("\(guid),Pad,a:b1,hint:MY-HINT,platform:Linux,", "-HINT", "unexpected '-HINT' after the hint's name"),
            ("\(guid),Pad,a:b1,hint:MY_HINT=1,platform:Linux,", "=1", "unexpected '=1' after the hint's name"),
            ("\(guid),Pad,a:b1,hint:MY_HINT:=2,platform:Linux,", "2,", "hint default 2 is out of range (:=0 … :=1)"),
            ("\(guid),Pad,a:b1,hint:MY_HINT:=1x,platform:Linux,", "x,", "unexpected 'x' after the hint's default"),
            (
                "\(guid),Pad,a:b1,hint:\(String(repeating: "H", count: 128)),platform:Linux,", "HHHH",
                "the hint's name is 128 bytes long (at most 127)"
            ),
            ("\(guid)", guid, "expected GUID,name,mappings"),
        ]
        let text = ([Self.arcadeLine] + bad.map(\.line) + [Self.arcadeLine]).joined(separator: "\n")
        let result = parse(text)
        #expect(result.mappings.map(\.origin) == ["SDL_GAMECONTROLLERCONFIG:1", "SDL_GAMECONTROLLERCONFIG:\(bad.count + 2)"])
        #expect(result.problems.count == bad.count)
        for (index, (problem, expected)) in zip(result.problems, bad).enumerated() {
            let column =
                expected.line.utf8.count
                - (expected.line.range(of: expected.culprit).map { expected.line[$0.lowerBound...].utf8.count } ?? 0) + 1
            #expect(problem.line == index + 2, "\(problem)")
            #expect(problem.column == column, "\(problem): the column of '\(expected.culprit)'")
            #expect(problem.message.contains(expected.message), "\(problem)")
            #expect(problem.message.hasSuffix("; line skipped"), "\(problem)")
            #expect(problem.description.hasPrefix("SDL_GAMECONTROLLERCONFIG:\(index + 2):"))
        }
    }

    @Test func aPadsGUIDIsSDLsFromItsBusVendorProductAndVersion() {
        let pad = ControllerInfo(
            id: "evdev:x", name: "Pad", category: .generic, vendorID: 0x045E, productID: 0x028E, busType: 3, actuators: .twoHandles,
            hapticDeviceID: "evdev:x", version: 0x0114)
        #expect(PadMappingGUID(pad).description == "030000005e0400008e02000014010000")
        let nameless = PadMappingGUID(bus: 6, vendor: 0, product: 0, version: 0, name: "A Very Long Pad Name")
        #expect(nameless.description == "06000000412056657279204c6f6e6700", "the name's first 11 bytes when there is no vendor")
        // The CRC SDL 2.26 writes into bytes 2 … 3 does not take part.
        #expect(PadMappingGUID(hex: "0300aaaa5e0400008e02000014010000") == PadMappingGUID(pad))
    }

    /// CRC-16/ARC as the CRC catalogue defines it (width 16, polynomial 0x8005, initial value 0, input and output
    /// reflected, no final XOR; check value 0xBB3D), written out bit by bit: each byte reflected and shifted in from
    /// the top, the result reflected. A reference apart from the implementation's (which shifts right by 0xA001).
    static func referenceCRC16ARC(_ bytes: some Sequence<UInt8>) -> UInt16 {
        func reflect(_ value: UInt32, bits: Int) -> UInt32 {
            (0..<bits).reduce(0) { result, bit in result | (value >> bit & 1) << (bits - 1 - bit) }
        }
        var register: UInt32 = 0
        for byte in bytes {
            register ^= reflect(UInt32(byte), bits: 8) << 8
            for _ in 0..<8 { register = register & 0x8000 != 0 ? (register << 1 ^ 0x8005) & 0xFFFF : register << 1 & 0xFFFF }
        }
        return UInt16(reflect(register, bits: 16))
    }

    /// SDL2 puts `SDL_crc16(0, name, strlen(name))` of the evdev name (read into 128 bytes) in a pad's GUID; its
    /// `SDL_crc16` is CRC-16/ARC.
    @Test func aPadsNameCRCIsSDLsCRC16OfItsName() {
        #expect(Self.referenceCRC16ARC("123456789".utf8) == 0xBB3D, "the reference meets the catalogue's check value")
        let long = String(repeating: "Long Name ", count: 20)
        for name in ["123456789", "Microsoft X-Box 360 pad", "Sony Interactive Entertainment DualSense Wireless Controller", long] {
            #expect(PadMappingGUID.nameCRC(name) == Self.referenceCRC16ARC(name.utf8.prefix(127)), "\(name)")
        }
        #expect(PadMappingGUID.nameCRC("") == 0)
        let pad = ControllerInfo(
            id: "evdev:x", name: "Microsoft X-Box 360 pad", category: .generic, vendorID: 0x045E, productID: 0x028E, busType: 3,
            actuators: .twoHandles, hapticDeviceID: "evdev:x", version: 0x0114)
        #expect(PadMappingGUID(pad).crc == Self.referenceCRC16ARC("Microsoft X-Box 360 pad".utf8))
    }

    /// A line with a CRC (its `crc:` field, or the GUID's bytes 2 … 3, which win) is for the pad whose name has that
    /// CRC only: that pad takes it before a line without a CRC, whatever their order, and another pad of the same GUID
    /// falls back to the line without one — or to none.
    @Test func aLineWithACRCAppliesOnlyToThePadWhoseNameHasIt() throws {
        func hex(_ crc: UInt16) -> String { String(crc, radix: 16).leftPadded(to: 4) }
        func littleEndian(_ crc: UInt16) -> String { String(hex(crc & 0xFF).suffix(2) + hex(crc >> 8).suffix(2)) }
        func pad(_ name: String, version: UInt16 = 0x0110) -> ControllerInfo {
            ControllerInfo(
                id: "evdev:x", name: name, category: .generic, vendorID: 0x1234, productID: 0x5678, busType: 3, actuators: .twoHandles,
                hapticDeviceID: "evdev:x", version: version)
        }
        let acme = Self.referenceCRC16ARC("Acme Pad".utf8)
        let other = Self.referenceCRC16ARC("Other Pad".utf8)
        let guid = "03000000341200007856000010010000"
        let lines = [
            "\(guid),No CRC,a:b0,", "\(guid),Acme,a:b1,crc:\(hex(acme)),", "\(guid),Other,a:b2,crc:\(hex(other)),",
            "\(guid),Later No CRC,a:b3,",
        ].joined(separator: "\n")
        let database = PadMappingDatabase.load(environment: ["SDL_GAMECONTROLLERCONFIG": lines])
        #expect(database.problems.isEmpty, "\(database.problems)")
        #expect(database.mappings.map(\.name) == ["Later No CRC", "Acme", "Other"], "a later line of the same GUID and CRC replaces")
        #expect(database.mapping(for: pad("Acme Pad"))?.name == "Acme")
        #expect(database.mapping(for: pad("Other Pad"))?.name == "Other")
        #expect(database.mapping(for: pad("Third Pad"))?.name == "Later No CRC")
        #expect(database.mapping(for: pad("Acme Pad", version: 0x0200))?.name == "Acme", "the version-less try keeps the CRC")

        let onlyCRC = PadMappingDatabase.load(environment: ["SDL_GAMECONTROLLERCONFIG": "\(guid),Acme,a:b1,crc:\(hex(acme)),"])
        #expect(onlyCRC.mapping(for: pad("Acme Pad"))?.name == "Acme")
        #expect(onlyCRC.mapping(for: pad("Third Pad")) == nil)

        // SDL 2.26 writes the CRC into the GUID; it wins over a crc: field.
        let inGUID = "0300\(littleEndian(acme))341200007856000010010000,Acme In GUID,a:b1,crc:\(hex(other)),"
        let guidCRC = PadMappingDatabase.load(environment: ["SDL_GAMECONTROLLERCONFIG": inGUID])
        #expect(guidCRC.mappings.first?.crc == acme)
        #expect(guidCRC.mapping(for: pad("Acme Pad"))?.name == "Acme In GUID")
        #expect(guidCRC.mapping(for: pad("Other Pad")) == nil)
    }

    /// `hint:` makes a line conditional on an SDL hint read from the environment: `:=D` is its value when unset or
    /// empty, `0…` and `false` are false, anything else true, and `!` negates.
    @Test func aLineWithAHintAppliesAsTheEnvironmentSetsTheHint() {
        let hint = "SDL_GAMECONTROLLER_USE_BUTTON_LABELS"
        let lines = [
            "03000000341200007856000010010000,Labels,a:b0,hint:\(hint):=1,",
            "03000000341200007856000011010000,Positions,a:b1,hint:!\(hint):=1,",
            "03000000341200007856000012010000,Custom,a:b2,hint:MY_PADS_HINT,",
        ].joined(separator: "\n")
        func names(_ environment: [String: String]) -> [String] {
            PadMappingDatabase.load(environment: environment.merging(["SDL_GAMECONTROLLERCONFIG": lines]) { $1 }).mappings.map(\.name)
        }
        #expect(names([:]) == ["Labels"], "unset: the default, 1")
        #expect(names([hint: ""]) == ["Labels"], "empty: the default")
        #expect(names([hint: "0"]) == ["Positions"])
        #expect(names([hint: "FALSE"]) == ["Positions"])
        #expect(names([hint: "1", "MY_PADS_HINT": "yes"]) == ["Labels", "Custom"])
        #expect(names(["MY_PADS_HINT": "0"]) == ["Labels"], "no := : the default is 0")
        let database = PadMappingDatabase.load(environment: ["SDL_GAMECONTROLLERCONFIG": lines])
        #expect(database.hintDisabledLines == 2 && database.problems.isEmpty, "turned off, not an error")
    }

    @Test func aPadFindsItsLineOrOneThatDiffersOnlyInTheVersion() throws {
        func pad(product: UInt16, version: UInt16) -> ControllerInfo {
            ControllerInfo(
                id: "evdev:x", name: "Pad", category: .generic, vendorID: 0x1234, productID: product, busType: 3, actuators: .twoHandles,
                hapticDeviceID: "evdev:x", version: version)
        }
        let lines = [
            "03000000341200007856000010010000,Version 110,a:b0,platform:Linux,",
            "03000000341200007856000011010000,Version 111,a:b1,platform:Linux,",
        ].joined(separator: "\n")
        let database = PadMappingDatabase.load(environment: ["SDL_GAMECONTROLLERCONFIG": lines])
        #expect(database.mapping(for: pad(product: 0x5678, version: 0x0111))?.name == "Version 111")
        #expect(database.mapping(for: pad(product: 0x5678, version: 0x0200))?.name == "Version 110", "the first line, as SDL")
        #expect(database.mapping(for: pad(product: 0x5679, version: 0x0110)) == nil)
    }

    /// `SDL_GAMECONTROLLERCONFIG_FILE` is read (its good lines load, the bad ones are reported with the file's path,
    /// a line without `platform:` is skipped as SDL does), then `SDL_GAMECONTROLLERCONFIG`, whose line for the same pad
    /// wins.
    @Test func theFileThenTheVariableAsSDLReadsThem() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("gamecontrollerdb.txt").path
        let file = [
            Self.arcadeLine, "05000000adde0000efbe000000010000,Twin Pad,a:b0,platform:Linux,",
            "05000000adde0000efbe000001010000,No Platform,a:b0,", "05000000adde0000efbe000002010000,Broken,a:q0,platform:Linux,",
        ].joined(separator: "\n")
        try Data(file.utf8).write(to: URL(fileURLWithPath: path))
        let database = PadMappingDatabase.load(environment: [
            "SDL_GAMECONTROLLERCONFIG_FILE": path,
            "SDL_GAMECONTROLLERCONFIG": "05000000adde0000efbe000000010000,Twin Pad From The Variable,a:b3,",
        ])
        #expect(database.mappings.count == 2)
        let twin = try #require(database.mappings.first { $0.guid == PadMappingGUID(hex: "05000000adde0000efbe000000010000") })
        #expect(twin.name == "Twin Pad From The Variable" && twin.origin == "SDL_GAMECONTROLLERCONFIG:1")
        let source = "SDL_GAMECONTROLLERCONFIG_FILE=\(path)"
        #expect(
            database.problems.map(\.description) == [
                "\(source):3: no platform: field (SDL reads only lines with one from a file; add platform:Linux,); line skipped",
                "\(source):4:43: 'q0' is not an input (expected bN, aN, +aN, -aN, aN~ or hN.M); line skipped",
            ])
    }

    @Test func aFileThatIsNotARegularFileOrTooLargeIsReportedNotRead() throws {
        let folder = try Fixtures.temporaryDirectory()
        let directory = PadMappingDatabase.load(environment: ["SDL_GAMECONTROLLERCONFIG_FILE": folder.path])
        #expect(directory.problems.map(\.message) == ["not a regular file; only regular files are read"])
        let missing = PadMappingDatabase.load(environment: ["SDL_GAMECONTROLLERCONFIG_FILE": folder.path + "/none.txt"])
        #expect(missing.problems.first?.message.hasPrefix("cannot open the file: ") == true)
        let big = folder.appendingPathComponent("big.txt")
        let line = Array((Self.arcadeLine + "\n").utf8)
        var bytes: [UInt8] = []
        while bytes.count <= PadMappingDatabase.maximumFileSize { bytes += line }
        try Data(bytes).write(to: big)
        let tooLarge = PadMappingDatabase.load(environment: ["SDL_GAMECONTROLLERCONFIG_FILE": big.path])
        #expect(tooLarge.mappings.isEmpty)
        #expect(tooLarge.problems.first?.message.hasPrefix("larger than 4194304 bytes") == true)
    }

    /// SDL2's numbering of an evdev node's inputs: buttons from BTN_JOYSTICK up, then the codes below it; hats from
    /// digital ABS_HAT pairs; axes in code order without the hats.
    @Test func joystickNumbersAreSDLsForTheNode() {
        let keys: [UInt16] = Array(0x120...0x12B) + [0xA7]  // BTN_TRIGGER … BTN_BASE6, then KEY_RECORD
        let axes: [UInt16: PadAxisRange] = [
            0x00: PadAxisRange(minimum: 0, maximum: 255, fuzz: 1), 0x01: PadAxisRange(minimum: 0, maximum: 255, fuzz: 1),
            0x02: PadAxisRange(minimum: 0, maximum: 255), 0x05: PadAxisRange(minimum: 0, maximum: 255),
            0x10: PadAxisRange(minimum: -1, maximum: 1), 0x11: PadAxisRange(minimum: -1, maximum: 1),
            0x12: PadAxisRange(minimum: 0, maximum: 255, fuzz: 3),  // an analog "hat": an axis
            0x14: PadAxisRange(minimum: -127, maximum: 127),  // no fuzz, flat or resolution: a digital hat
        ]
        let numbering = JoystickNumbering(keyCodes: keys, axes: axes)
        #expect(numbering.buttons[0x120] == 0 && numbering.buttons[0x12B] == 11 && numbering.buttons[0xA7] == 12)
        #expect(numbering.axes == [0x00: 0, 0x01: 1, 0x02: 2, 0x05: 3, 0x12: 4])
        #expect(numbering.hats == [0: 0, 2: 1])
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
