package it.dev.vtlab;

import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.ActionEvent;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.imageio.ImageIO;
import javax.swing.JLabel;
import javax.swing.JOptionPane;
import javax.swing.JTable;
import javax.swing.SwingUtilities;
import javax.swing.text.JTextComponent;
import javax.swing.tree.TreePath;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.gui.GuiPackage;
import org.apache.jmeter.gui.action.ActionNames;
import org.apache.jmeter.gui.action.ActionRouter;
import org.apache.jmeter.gui.action.Load;
import org.apache.jmeter.gui.tree.JMeterTreeNode;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeterGuiIT's hands inside JMeter's GUI. Not built by Maven (it needs JMeter's classes): JMeterGuiIT compiles it
 * against the JMeter the build laid out, and JMeter's start-up script (beanshell.init.file) calls {@link #start()}
 * once the window is up with the first plan loaded (-t). For each plan it does what a user does: open it, select
 * its Summary Report, press Run, wait for the end; then it notes what the report's table shows, takes a screenshot,
 * and closes (and notes) any dialog that pops up. It writes report.tsv (plan, key, value) into vtlab.gui.out and
 * exits JMeter.
 */
public final class JMeterGuiDriver {

    private final File report;
    private volatile String current = "(start)";

    private JMeterGuiDriver(File report) {
        this.report = report;
    }

    public static void start() {
        Properties props = JMeterUtils.getJMeterProperties();
        File out = new File(props.getProperty("vtlab.gui.out"));
        List<File> plans = new ArrayList<>();
        for (String p : props.getProperty("vtlab.gui.plans").split(",")) {
            plans.add(new File(p));
        }
        Set<String> toRun = Set.of(props.getProperty("vtlab.gui.run", "").split(","));
        long runSeconds = Long.parseLong(props.getProperty("vtlab.gui.runSeconds", "30"));
        JMeterGuiDriver driver = new JMeterGuiDriver(new File(out, "report.tsv"));
        Thread.ofPlatform().daemon().name("vtlab-dialogs").start(driver::closeDialogs);
        Thread.ofPlatform().name("vtlab-gui-check").start(() -> driver.run(out, plans, toRun, runSeconds));
    }

    private void run(File out, List<File> plans, Set<String> toRun, long runSeconds) {
        int status = 0;
        try {
            GuiPackage gui = GuiPackage.getInstance();
            for (int i = 0; i < plans.size(); i++) {
                File plan = plans.get(i);
                current = plan.getName();
                if (i > 0) {
                    // what File > Open ends in, without the file chooser (and what -t does for the first plan)
                    onEdt(() -> {
                        FileServer.getFileServer().setBaseForScript(plan);
                        Load.insertLoadedTree(ActionEvent.ACTION_PERFORMED, SaveService.loadTree(plan));
                        gui.setTestPlanFile(plan.getAbsolutePath());
                        return null;
                    });
                }
                note("loaded", gui.getTestPlanFile());
                List<JMeterTreeNode> reports =
                        onEdt(() -> gui.getTreeModel().getNodesOfType(ResultCollector.class).stream()
                                .filter(n -> n.getTestElement()
                                        .getPropertyAsString(TestElement.GUI_CLASS)
                                        .endsWith(".SummaryReport"))
                                .toList());
                note("reports", reports.size());
                if (reports.isEmpty()) {
                    continue;
                }
                onEdt(() -> {
                    gui.getTreeListener()
                            .getJTree()
                            .setSelectionPath(new TreePath(reports.get(0).getPath()));
                    return null;
                });
                if (toRun.contains(plan.getName())) {
                    CountDownLatch ended = new CountDownLatch(1);
                    StandardJMeterEngine.register(new Ended(ended));
                    SwingUtilities.invokeLater(() -> action(gui, ActionNames.ACTION_START));
                    boolean done = ended.await(runSeconds, TimeUnit.SECONDS);
                    note("ended", done);
                    if (!done) {
                        SwingUtilities.invokeLater(() -> action(gui, ActionNames.ACTION_STOP));
                    }
                    Thread.sleep(1200); // the report redraws its table every 500 ms (jmeter.gui.refresh_period)
                }
                onEdt(() -> {
                    List<JTable> tables = new ArrayList<>();
                    find(JTable.class, (Component) gui.getCurrentGui(), tables);
                    if (tables.isEmpty()) {
                        note("table", "none");
                        return null;
                    }
                    JTable table = tables.get(0);
                    List<String> header = new ArrayList<>();
                    for (int c = 0; c < table.getColumnCount(); c++) {
                        header.add(table.getColumnName(c));
                    }
                    note("columns", String.join("|", header));
                    for (int r = 0; r < table.getRowCount(); r++) {
                        List<String> cells = new ArrayList<>();
                        for (int c = 0; c < table.getColumnCount(); c++) {
                            cells.add(String.valueOf(table.getValueAt(r, c)));
                        }
                        note("row", String.join("|", cells));
                    }
                    return null;
                });
                Thread.sleep(300);
                File png = new File(out, plan.getName().replace(".jmx", ".png"));
                ImageIO.write(
                        new Robot()
                                .createScreenCapture(new Rectangle(
                                        Toolkit.getDefaultToolkit().getScreenSize())),
                        "png",
                        png);
                note("screenshot", png);
            }
        } catch (Throwable t) {
            note("fatal", t);
            status = 1;
        } finally {
            current = "(end)";
            note("done", status);
            System.exit(status);
        }
    }

    private static void action(GuiPackage gui, String name) {
        ActionRouter.getInstance().doActionNow(new ActionEvent(gui.getMainFrame(), ActionEvent.ACTION_PERFORMED, name));
    }

    /** A modal dialog runs its own event loop, so this still gets through while one is open: note it, close it. */
    private void closeDialogs() {
        try {
            while (true) {
                SwingUtilities.invokeAndWait(() -> {
                    for (Window w : Window.getWindows()) {
                        if (w instanceof Dialog d && d.isShowing()) {
                            List<String> texts = new ArrayList<>();
                            texts(d, texts);
                            note("dialog", d.getTitle() + ": " + String.join(" | ", texts));
                            d.dispose();
                        }
                    }
                });
                Thread.sleep(200);
            }
        } catch (Exception e) {
            note("fatal", e);
        }
    }

    private static void texts(Component c, List<String> found) {
        if (c instanceof JOptionPane p && p.getMessage() != null) {
            found.add(String.valueOf(p.getMessage()));
        } else if (c instanceof JLabel l && l.getText() != null) {
            found.add(l.getText());
        } else if (c instanceof JTextComponent t && t.getText() != null) {
            found.add(t.getText());
        }
        if (c instanceof Container container) {
            for (Component child : container.getComponents()) {
                texts(child, found);
            }
        }
    }

    private static <T> void find(Class<T> type, Component c, List<T> found) {
        if (type.isInstance(c)) {
            found.add(type.cast(c));
        }
        if (c instanceof Container container) {
            for (Component child : container.getComponents()) {
                find(type, child, found);
            }
        }
    }

    private interface Work<T> {
        T call() throws Exception;
    }

    private static <T> T onEdt(Work<T> work) throws Exception {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Exception> failure = new AtomicReference<>();
        SwingUtilities.invokeAndWait(() -> {
            try {
                result.set(work.call());
            } catch (Exception e) {
                failure.set(e);
            }
        });
        if (failure.get() != null) {
            throw failure.get();
        }
        return result.get();
    }

    private synchronized void note(String key, Object value) {
        String line = current + "\t" + key + "\t" + String.valueOf(value).replaceAll("\\s+", " ") + "\n";
        try {
            Files.writeString(
                    report.toPath(),
                    line,
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Counts down when JMeter's engine says the test has ended. */
    private record Ended(CountDownLatch ended) implements TestStateListener {
        @Override
        public void testStarted() {}

        @Override
        public void testStarted(String host) {}

        @Override
        public void testEnded() {
            ended.countDown();
        }

        @Override
        public void testEnded(String host) {
            ended.countDown();
        }
    }
}
