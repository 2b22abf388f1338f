import UIKit

// why: view-outlet-not-set — AboutViewController.xib's File's Owner connects versionLabel but
// not view: "loaded the "AboutViewController" nib but the view outlet was not set".
final class AboutViewController: UIViewController {
    @IBOutlet weak var versionLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        versionLabel.text = Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String
    }
}
