import UIKit

// why: trap — a custom NSObject subclass in the nib (<customObject customClass="EditorHelper"
// customModule="WhyApp">) with an outlet, an action and framework outlets pointing at it
// (SuggestionTableView's dataSource and delegate).
final class EditorHelper: NSObject, UITableViewDataSource, UITableViewDelegate {
    @IBOutlet weak var textView: UITextView!

    @IBAction func clearText(_ sender: Any) {
        textView.text = ""
    }

    func commit() {}

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
}
