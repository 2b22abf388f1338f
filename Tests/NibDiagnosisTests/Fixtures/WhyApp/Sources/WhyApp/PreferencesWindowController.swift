import AppKit

/// File's Owner of Preferences.xib (a macOS window).
final class PreferencesWindowController: NSWindowController {
    // why: trap — connected with target="-2" (macOS), not destination=: not a dead-action.
    @IBAction func resetDefaults(_ sender: Any?) {}
}

/// Reached only through the responder chain: Preferences.xib sends showFontSettings: to First Responder.
final class FontSettingsViewController: NSViewController {
    // why: trap — an action only sent through the responder chain: not a dead-action.
    @IBAction func showFontSettings(_ sender: Any?) {}

    // why: trap — overrides a framework action, which AppKit's menus send: not a dead-action.
    @IBAction override func selectAll(_ sender: Any?) {}
}

// why: unhandled-first-responder-action — Preferences.xib's Export Settings button sends exportSettings:
// to First Responder, and no class of the app (nor AppKit) implements it: the button stays disabled.
