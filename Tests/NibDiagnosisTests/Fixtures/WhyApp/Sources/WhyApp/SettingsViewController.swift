import UIKit

/// The Settings scene of Main.storyboard (storyboard ID "Settings").
final class SettingsViewController: UIViewController {
    @IBOutlet weak var notificationsSwitch: UISwitch!
    // why: outlet-not-connected — connected in no document where SettingsViewController appears, and
    // code uses it (why: trap — only in a closure, which still counts): nil there, a crash (warning).
    @IBOutlet weak var cacheSizeLabel: UILabel!
    // why: outlet-not-connected — a dead outlet: connected in no document and used by no code (info).
    @IBOutlet weak var versionLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        notificationsSwitch.isOn = UserDefaults.standard.bool(forKey: "notifications")
        DispatchQueue.main.async {
            self.cacheSizeLabel.text = "12 MB"
        }
    }
}
