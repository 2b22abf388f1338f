import UIKit

/// The initial scene of Main.storyboard.
final class HomeViewController: UIViewController {
    @IBOutlet weak var greetingLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        greetingLabel.text = "Hello"
        let gallery = UINib(nibName: "Gallery", bundle: nil)   // why: trap — Gallery.xib exists
        _ = gallery.instantiate(withOwner: nil, options: nil)
    }

    @IBAction func openDetail(_ sender: Any) {
        // why: event-to-several-targets — the Details button also triggers a segue to Detail: two transitions.
        performSegue(withIdentifier: "showDetail", sender: sender)
    }

    @IBAction func openHistory(_ sender: Any) {
        // why: unknown-segue-identifier — no segue of Main.storyboard is called "showHistory".
        performSegue(withIdentifier: "showHistory", sender: sender)
    }

    @IBAction func openSettings(_ sender: Any) {
        // why: trap — the Settings scene's storyboard ID is "Settings".
        guard let settings = storyboard?.instantiateViewController(withIdentifier: "Settings") else { return }
        show(settings, sender: sender)
    }

    @IBAction func openOnboarding(_ sender: Any) {
        // why: unknown-storyboard-identifier — no scene of Main.storyboard has the ID "Onboarding".
        guard let onboarding = storyboard?.instantiateViewController(withIdentifier: "Onboarding") else { return }
        present(onboarding, animated: true)
    }

    @IBAction func openEditor(_ sender: Any) {
        present(EditorViewController(nibName: "EditorViewController", bundle: nil), animated: true)
    }

    @IBAction func openAbout(_ sender: Any) {
        present(AboutViewController(nibName: "AboutViewController", bundle: nil), animated: true)
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if let detail = segue.destination as? DetailViewController {
            // why: trap — a plain property, read by the destination in viewDidLoad.
            detail.itemName = "Item"
            // why: outlet-used-before-load — the destination's view is not loaded yet during
            // prepare(for:sender:): titleLabel is still nil and this crashes.
            detail.titleLabel.text = "Item"
        }
    }

    @IBAction func openTour(_ sender: Any) {   // why: dead-action — no control, segue or code sends openTour:
        // why: trap — the app's storyboard is Main.storyboard.
        let main = UIStoryboard(name: "Main", bundle: nil)
        // why: unknown-storyboard-name — the app has no Tour.storyboard: 'Could not find a storyboard named'.
        let tour = UIStoryboard(name: "Tour", bundle: nil)
        present(tour.instantiateInitialViewController() ?? main.instantiateInitialViewController()!, animated: true)
    }

    // why: trap — no storyboard connects openOnboarding: or openAbout:, but code sends them: openOnboarding:
    // through #selector (addTarget), openAbout: by a direct call. (openHistory: is sent to First Responder
    // by the History button of Main.storyboard: the responder chain delivers it here.)
    func installShortcuts(on button: UIButton) {
        button.addTarget(self, action: #selector(openOnboarding(_:)), for: .touchUpInside)
        openAbout(button)
    }

    // why: trap — named only by Shortcuts.plist (a keyboard-shortcut table that code would send with
    // NSSelectorFromString): not a dead-action.
    @IBAction func toggleFavorites(_ sender: Any?) {}
}
