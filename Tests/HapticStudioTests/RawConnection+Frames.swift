import Foundation

/// Frames no browser sends — unmasked, fragmented, not UTF-8 — and the replies to look for after them.
extension RawConnection {
    /// Sends one frame as written: `fin`, `opcode`, and a mask unless `masked` is false.
    func sendFrame(opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true) async throws {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        if payload.count < 126 {
            frame.append(maskBit | UInt8(payload.count))
        } else if payload.count < 65_536 {
            frame.append(maskBit | 126)
            frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        if masked {
            let mask: [UInt8] = [0x0A, 0x0B, 0x0C, 0x0D]
            frame += mask
            frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        } else {
            frame += payload
        }
        try await send(frame)
    }

    /// Reads frames until the server's close frame and returns its code (`nil`: the connection ended without one).
    func closeCode() async throws -> Int? {
        while true {
            let frame: Frame
            do {
                frame = try await readFrame()
            } catch let failure as Failure
                where failure.description == "the connection closed" || failure.description.hasPrefix("recv: errno 104")
            {
                return nil
            }
            guard frame.opcode == 8 else { continue }
            guard frame.payload.count >= 2 else { return 1005 }
            return Int(frame.payload[0]) << 8 | Int(frame.payload[1])
        }
    }

    /// Sends a ping and returns once its pong is read (replies and pushes before it are skipped).
    func ping() async throws {
        let token = Array("are you there".utf8)
        try await sendFrame(opcode: 9, token)
        while true {
            let frame = try await readFrame()
            if frame.opcode == 10, frame.payload == token { return }
            if frame.opcode == 8 { throw Failure(description: "closed instead of a pong") }
        }
    }

    /// Whether the server closed the connection without answering (reads until the end or a response head).
    func wasClosedWithoutAnswer() async -> Bool {
        do {
            _ = try await readResponseHead()
            return false
        } catch let failure as Failure {
            return failure.description == "the connection closed before a response" || failure.description.hasPrefix("recv: errno 104")
        } catch {
            return false
        }
    }
}

extension RawConnection {
    /// ``reply(id:)`` for replies that may take longer than one read's wait (a large analysis under load).
    func reply(id: Int?, within limit: Duration) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + limit
        while true {
            do {
                return try await reply(id: id)
            } catch let failure as Failure where failure.description == Self.noReply && ContinuousClock.now < deadline {
                continue
            }
        }
    }
}

/// A pattern of `count` transients 1 ms apart, as AHAP text.
func transients(_ count: Int) -> String {
    let events = (0..<count).map { index in
        #"{"Event": {"Time": \#(Double(index) / 1_000), "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8}]}}"#
    }
    return #"{"Version": 1.0, "Pattern": ["# + events.joined(separator: ", ") + "]}"
}

/// This process's resident memory, bytes (`VmRSS` in `/proc/self/status`).
func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return kilobytes * 1_024
}
