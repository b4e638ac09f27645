// JMeterGuiIT's hands on JMeter's GUI: JMeter runs this file at start-up (-Jjsr223.init.file), once its window is up
// with the first plan loaded (-t). For each plan it does what a user does: open it, select its Summary Report, press
// Run, wait for the end; then it writes what the report's table shows, takes a screenshot, and closes (and notes) any
// dialog that pops up. It writes report.tsv (plan, key, value) into vtlab.gui.out and exits JMeter.
import java.awt.Component
import java.awt.Container
import java.awt.Dialog
import java.awt.Rectangle
import java.awt.Robot
import java.awt.Toolkit
import java.awt.Window
import java.awt.event.ActionEvent
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import javax.imageio.ImageIO
import javax.swing.JLabel
import javax.swing.JOptionPane
import javax.swing.JTable
import javax.swing.SwingUtilities
import javax.swing.text.JTextComponent
import javax.swing.tree.TreePath
import org.apache.jmeter.engine.StandardJMeterEngine
import org.apache.jmeter.gui.GuiPackage
import org.apache.jmeter.gui.action.ActionNames
import org.apache.jmeter.gui.action.ActionRouter
import org.apache.jmeter.gui.action.Load
import org.apache.jmeter.reporters.ResultCollector
import org.apache.jmeter.testelement.TestElement
import org.apache.jmeter.testelement.TestStateListener

File out = new File(props.getProperty('vtlab.gui.out'))
List<File> plans = props.getProperty('vtlab.gui.plans').split(',').collect { new File(it) }
Set<String> toRun = (props.getProperty('vtlab.gui.run') ?: '').split(',').findAll { it } as Set
long runSeconds = Long.parseLong(props.getProperty('vtlab.gui.runSeconds', '30'))
File report = new File(out, 'report.tsv')
String[] current = ['(start)']

def note = { String plan, String key, Object value ->
    synchronized (report) {
        report << plan + '\t' + key + '\t' + String.valueOf(value).replaceAll('\\s+', ' ') + '\n'
    }
}
def onEdt = { Closure work ->
    def result = null
    SwingUtilities.invokeAndWait { result = work() }
    result
}
def texts
texts = { Component c ->
    List<String> found = []
    if (c instanceof JOptionPane && c.message != null) found << String.valueOf(c.message)
    if (c instanceof JLabel && c.text) found << c.text
    if (c instanceof JTextComponent && c.text) found << c.text
    if (c instanceof Container) c.components.each { found.addAll(texts(it)) }
    found
}
def tables
tables = { Component c ->
    List<JTable> found = []
    if (c instanceof JTable) found << c
    if (c instanceof Container) c.components.each { found.addAll(tables(it)) }
    found
}

// A modal dialog runs its own event loop, so this still gets through while one is open: note it, close it.
Thread.startDaemon('vtlab-dialogs') {
    while (true) {
        SwingUtilities.invokeAndWait {
            Window.windows.findAll { it instanceof Dialog && it.showing }.each { Dialog d ->
                note(current[0], 'dialog', d.title + ': ' + texts(d).join(' | '))
                d.dispose()
            }
        }
        Thread.sleep(200)
    }
}

Thread.start('vtlab-gui-check') {
    int status = 0
    try {
        GuiPackage gui = GuiPackage.instance
        plans.eachWithIndex { File plan, int i ->
            current[0] = plan.name
            if (i > 0) {
                // File > Open without the file chooser: the same Load action a user's choice ends in
                SwingUtilities.invokeLater {
                    gui.clearTestPlan()
                    Load.loadProjectFile(new ActionEvent(gui.mainFrame, ActionEvent.ACTION_PERFORMED, ActionNames.OPEN), plan, false)
                }
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30)
            while (gui.testPlanFile != plan.absolutePath && System.nanoTime() < deadline) {
                Thread.sleep(100)
            }
            note(plan.name, 'loaded', gui.testPlanFile)
            def reports = onEdt {
                gui.treeModel.getNodesOfType(ResultCollector).findAll {
                    it.testElement.getPropertyAsString(TestElement.GUI_CLASS).endsWith('.SummaryReport')
                }
            }
            note(plan.name, 'reports', reports.size())
            if (reports.isEmpty()) {
                return
            }
            onEdt { gui.treeListener.JTree.selectionPath = new TreePath(reports[0].path) }
            if (toRun.contains(plan.name)) {
                CountDownLatch ended = new CountDownLatch(1)
                StandardJMeterEngine.register([testStarted: {}, testEnded: { ended.countDown() }] as TestStateListener)
                SwingUtilities.invokeLater {
                    ActionRouter.instance.doActionNow(new ActionEvent(gui.mainFrame, ActionEvent.ACTION_PERFORMED, ActionNames.ACTION_START))
                }
                boolean done = ended.await(runSeconds, TimeUnit.SECONDS)
                note(plan.name, 'ended', done)
                if (!done) {
                    SwingUtilities.invokeLater {
                        ActionRouter.instance.doActionNow(new ActionEvent(gui.mainFrame, ActionEvent.ACTION_PERFORMED, ActionNames.ACTION_STOP))
                    }
                }
                Thread.sleep(1200) // the report redraws its table every 500 ms (jmeter.gui.refresh_period)
            }
            onEdt {
                JTable table = tables(gui.currentGui)[0]
                if (table == null) {
                    note(plan.name, 'table', 'none')
                } else {
                    List<String> header = (0..<table.columnCount).collect { table.getColumnName(it) }
                    note(plan.name, 'columns', header.join('|'))
                    (0..<table.rowCount).each { r ->
                        note(plan.name, 'row', (0..<table.columnCount).collect { String.valueOf(table.getValueAt(r, it)) }.join('|'))
                    }
                }
            }
            Thread.sleep(300)
            def screen = new Robot().createScreenCapture(new Rectangle(Toolkit.defaultToolkit.screenSize))
            File png = new File(out, plan.name.replace('.jmx', '.png'))
            ImageIO.write(screen, 'png', png)
            note(plan.name, 'screenshot', png)
            note(plan.name, 'guiErrors', gui.mainFrame.@errorOrFatal.get())
        }
    } catch (Throwable t) {
        note(current[0], 'fatal', t.toString())
        log.error('JMeterGuiIT check failed', t)
        status = 1
    } finally {
        note('(end)', 'done', status)
        System.exit(status)
    }
}
