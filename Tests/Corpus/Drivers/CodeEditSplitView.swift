// Driver for CodeEdit's split view controller: dragging the navigator's divider past half its minimum width collapses
// the navigator, and the controller plays `.alignment` on its performer (NSHapticFeedbackManager.defaultPerformer).
import AppKitStub

let workspace = WorkspaceDocument()
let navigator = NavigatorAreaViewModel()
let window = NSWindow()
let controller = CodeEditSplitViewController(workspace: workspace, navigatorViewModel: navigator, windowRef: window)
controller.addSplitViewItem(NSSplitViewItem(sidebarWithViewController: NSViewController()))
let position = controller.splitView(controller.splitView, constrainSplitPosition: 10, ofSubviewAt: 0)
print("divider settles at \(position)")
CorpusRecording.finishWhenHeard()
