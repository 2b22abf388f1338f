import UIKit

// why: trap — an action declared in a Swift extension in another file (toggleNotifications: in
// Main.storyboard's Settings scene).
extension SettingsViewController {
    @IBAction func toggleNotifications(_ sender: UISwitch) {
        UserDefaults.standard.set(sender.isOn, forKey: "notifications")
    }
}
