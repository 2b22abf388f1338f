import AppKit

// why: trap — an extension of an AppKit class: NSWindowController stays AppKit's (no missing-module on
// Preferences.xib's File's Owner), and its action is no dead-action of the app's.
extension NSWindowController {
    @IBAction func showPreferencesHelp(_ sender: Any?) {}
}
