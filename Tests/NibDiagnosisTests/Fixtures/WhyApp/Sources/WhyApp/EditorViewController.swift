import UIKit

/// The editor: EditorViewController.xib.
final class EditorViewController: UIViewController, UITextViewDelegate {
    // why: duplicate-connection — EditorViewController.xib connects File's Owner's textView twice.
    @IBOutlet weak var textView: EditorTextView!
    // why: weak-top-level-outlet — accessoryBar is a top-level view of EditorViewController.xib
    // that nothing else retains: weak, it is deallocated right after loading.
    @IBOutlet weak var accessoryBar: UIView!
    // why: trap — a strong outlet to the nib's top-level custom NSObject (EditorHelper).
    @IBOutlet var helper: EditorHelper!

    // why: trap — func save(sender:) is saveWithSender: for the runtime, as the nib says.
    @IBAction func save(sender: Any) {
        helper.commit()
    }

    // why: trap — an @objc rename: the nib sends resetAll:.
    @objc(resetAll:) @IBAction func reset(_ sender: Any) {
        textView.text = ""
    }

    // why: trap — a two-argument action, tap:forEvent:.
    @IBAction func tap(_ sender: Any, forEvent event: UIEvent) {
        textView.becomeFirstResponder()
    }

    // why: action-selector-mismatch — the nib's Store button sends store:, but this method's
    // selector is storeWithSender:.
    @IBAction func store(sender: Any) {
        helper.commit()
    }

    // why: action-not-objc — the nib's Done button sends dismissEditor:, but this method has no
    // @IBAction or @objc: the Objective-C runtime cannot see it.
    func dismissEditor(_ sender: Any) {
        dismiss(animated: true)
    }

    func textViewDidChange(_ textView: UITextView) {
        accessoryBar.isHidden = textView.text.isEmpty
    }
}

/// The editor's text view (its delegate outlet is UITextView's).
final class EditorTextView: UITextView {}

/// The suggestions list (dataSource and delegate outlets are UITableView's).
final class SuggestionTableView: UITableView {}
