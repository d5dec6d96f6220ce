package app;

/** An unknown library supertype: every instance method may be called back. */
public class Panel extends javax.swing.JComponent {
    public int paints;

    public void repaintLater() {
        paints++;
    }
}
