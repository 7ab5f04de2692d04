// CodeEdit's own workspace types, as its CodeEditSplitViewController uses them (compatibility corpus gate only).
import Combine
import Foundation
import SwiftUIStub

/// Keys of the workspace's saved state.
enum WorkspaceStateKey: String {
    case splitViewWidth
    case navigatorCollapsed
    case inspectorCollapsed
}

/// An observable model of the workspace.
class WorkspaceModel: ObservableObject {}

/// The workspace's notification panel.
final class NotificationPanelViewModel: WorkspaceModel {
    func updateToolbarItem() {}
}

/// An open workspace.
final class WorkspaceDocument: WorkspaceModel {
    var editorManager: WorkspaceModel? = WorkspaceModel()
    var statusBarViewModel: WorkspaceModel? = WorkspaceModel()
    var utilityAreaModel: WorkspaceModel? = WorkspaceModel()
    var taskManager: WorkspaceModel? = WorkspaceModel()
    let undoRegistration = WorkspaceModel()
    let notificationPanel = NotificationPanelViewModel()
    private var state: [WorkspaceStateKey: Any] = [:]

    func getFromWorkspaceState(_ key: WorkspaceStateKey) -> Any? { state[key] }

    func addToWorkspaceState(key: WorkspaceStateKey, value: Any?) { state[key] = value }
}

/// The navigator's model.
final class NavigatorAreaViewModel: WorkspaceModel {}

/// The inspector's model.
final class InspectorAreaViewModel: WorkspaceModel {}

/// A window reference for the environment.
struct WindowBox {
    let value: NSWindow
}

/// Injects the settings into a view.
struct SettingsInjector<Content: View>: _PrimitiveView {
    let content: Content

    init(@ViewBuilder content: () -> Content) { self.content = content() }
}

/// Observes the window a view is in.
struct WindowObserver<Content: View>: _PrimitiveView {
    let window: WindowBox
    let content: Content

    init(window: WindowBox, @ViewBuilder content: () -> Content) {
        self.window = window
        self.content = content()
    }
}

/// The navigator.
struct NavigatorAreaView: _PrimitiveView {
    let workspace: WorkspaceDocument
    let viewModel: NavigatorAreaViewModel
}

/// The workspace's main view.
struct WorkspaceView: _PrimitiveView {}

/// The inspector.
struct InspectorAreaView: _PrimitiveView {
    let viewModel: InspectorAreaViewModel
}
