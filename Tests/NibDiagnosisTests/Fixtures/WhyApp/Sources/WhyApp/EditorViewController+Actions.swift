import UIKit

// why: trap — an action declared in a Swift extension (share: in EditorViewController.xib).
extension EditorViewController {
    @IBAction func share(_ sender: UIBarButtonItem) {
        let activity = UIActivityViewController(activityItems: [textView.text ?? ""], applicationActivities: nil)
        present(activity, animated: true)
    }
}
