import Foundation

extension NSNotification.Name {
    /// Posted on `NotificationCenter.default` when a game controller connects; the notification's `object` is the
    /// ``GCController``. Controllers present when the app first uses ``GCController`` are posted too.
    public static let GCControllerDidConnect = NSNotification.Name("GCControllerDidConnectNotification")
    /// Posted on `NotificationCenter.default` when a game controller disconnects; the notification's `object` is the
    /// ``GCController``, whose engines have stopped (their stopped handlers got `.gameControllerDisconnect`).
    public static let GCControllerDidDisconnect = NSNotification.Name("GCControllerDidDisconnectNotification")
}
