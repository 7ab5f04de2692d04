// Support for the compatibility corpus drivers (Tests/Corpus/Drivers, run by Tests/Corpus/corpus.py): once a driver
// has called its file's haptics entry points, it keeps the process (and its main queue) alive until the recording
// that `HAPTIC_DEVICE=wav:<folder>/out.wav` makes holds a sounding sample, then exits. The wait is on the
// recordings' modifications (inotify), with a deadline; it never sleeps. The gate reads the recordings again itself.
import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Waits for the driver's haptics to be heard in its recordings.
enum CorpusRecording {
    /// Runs the main queue (drivers of code that dispatches to it need that) until a recording in the folder of
    /// `HAPTIC_DEVICE` has a drive sample above 0.01, then exits 0; exits 3 when `deadline` seconds pass first.
    static func finishWhenHeard(deadline: Double = 60) -> Never {
        let waiter = Thread {
            let heard = waitForSound(deadline: deadline)
            print(heard ? "corpus driver: heard" : "corpus driver: nothing heard within \(deadline) s")
            exit(heard ? 0 : 3)
        }
        waiter.start()
        dispatchMain()
    }

    /// Whether a recording sounded before the deadline; waits on inotify events of the recordings' folder.
    static func waitForSound(deadline: Double) -> Bool {
        guard let device = ProcessInfo.processInfo.environment["HAPTIC_DEVICE"], device.hasPrefix("wav:") else {
            print("corpus driver: HAPTIC_DEVICE is not wav:<path>")
            return false
        }
        let folder = URL(fileURLWithPath: String(device.dropFirst(4))).deletingLastPathComponent().path
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        guard watch >= 0, inotify_add_watch(watch, folder, UInt32(IN_MODIFY) | UInt32(IN_CREATE)) >= 0 else {
            print("corpus driver: cannot watch \(folder) (errno \(errno))")
            return false
        }
        defer { close(watch) }
        let end = DispatchTime.now().uptimeNanoseconds + UInt64(deadline * 1e9)
        var scanner = Scanner(folder: folder)
        var events = [UInt8](repeating: 0, count: 4096)
        while true {
            if scanner.heard() { return true }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < end else { return false }
            var ready = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, Int32((end - now) / 1_000_000 + 1)) > 0 {
                _ = events.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
            }
        }
    }

    /// Reads what was appended to the folder's WAV files since the last look.
    struct Scanner {
        let folder: String
        var scanned: [String: Int] = [:]

        init(folder: String) { self.folder = folder }

        /// Whether any new drive sample (channel 0) is above 0.01.
        mutating func heard() -> Bool {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names where name.hasSuffix(".wav") {
                let path = folder + "/" + name
                guard let data = FileManager.default.contents(atPath: path), let layout = Scanner.layout(data) else { continue }
                let frameBytes = layout.channels * 4
                let start = max(scanned[path] ?? layout.dataStart, layout.dataStart)
                let end = layout.dataStart + (min(layout.dataBytes, data.count - layout.dataStart) / frameBytes) * frameBytes
                scanned[path] = end
                var offset = start
                while offset + 4 <= end {
                    let bits =
                        UInt32(data[offset]) | UInt32(data[offset + 1]) << 8 | UInt32(data[offset + 2]) << 16
                        | UInt32(data[offset + 3]) << 24
                    if abs(Float(bitPattern: bits)) > 0.01 { return true }
                    offset += frameBytes
                }
            }
            return false
        }

        /// Where the samples start, how many bytes of them the header announces, and the channel count.
        static func layout(_ data: Data) -> (dataStart: Int, dataBytes: Int, channels: Int)? {
            func word(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24 }
            guard data.count >= 12 else { return nil }
            var offset = 12
            var channels = 1
            while offset + 8 <= data.count {
                let chunk = String(decoding: data[offset..<offset + 4], as: UTF8.self)
                let size = word(offset + 4)
                if chunk == "fmt ", offset + 12 <= data.count { channels = max(1, Int(data[offset + 10]) | Int(data[offset + 11]) << 8) }
                if chunk == "data" { return (offset + 8, size, channels) }
                offset += 8 + size + (size & 1)
            }
            return nil
        }
    }
}
