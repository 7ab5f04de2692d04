// This file imports nothing but the facade (and Testing, which brings no Foundation): game code uses Foundation's
// types with only `import GameController`, so they must resolve through `import OpenGameController`.
import OpenGameController
import Testing

/// Foundation comes with the facade, as it comes with GameController.
@Suite struct FoundationReexportTests {
    @Test func foundationTypesResolveThroughTheFacadeAlone() {
        // The connection observer of a game: NotificationCenter, Notification, OperationQueue, Date, TimeInterval.
        final class Observer: @unchecked Sendable {
            var connected: [String] = []
        }
        let observer = Observer()
        let name = Notification.Name("OpenGameController.FoundationReexportTests")
        let token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
            observer.connected.append((note.object as? String) ?? "?")
        }
        NotificationCenter.default.post(name: name, object: "pad")
        NotificationCenter.default.removeObserver(token)
        let watched: [Notification.Name] = [.GCControllerDidConnect, .GCControllerDidDisconnect]
        let time: TimeInterval = Date(timeIntervalSince1970: 2).timeIntervalSince1970
        #expect(time == 2 && observer.connected == ["pad"] && watched.count == 2)
        #expect(OperationQueue.main.maxConcurrentOperationCount == 1)
    }
}
