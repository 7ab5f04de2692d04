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
            + "righty:a3~,Guide:b12,misc1:b13,paddle2:b14,touchpad:b15,crc:1a2b,hint:!SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1,"
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
        let twin = try #require(database.mappings[PadMappingGUID(hex: "05000000adde0000efbe000000010000")!])
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
