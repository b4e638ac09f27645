package com.example.inventory;

import jakarta.annotation.Resource;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * GET /inventory/items?id=1..100&dbMs=0..1000: one item, read after a database call that takes dbMs
 * (a stored procedure that sleeps, standing for a slow query). The answer says which kind of thread
 * ran the request; on shutdown the servlet logs how many requests ran on each kind.
 */
@WebServlet(urlPatterns = "/items", loadOnStartup = 1)
public class ItemServlet extends HttpServlet {

    static final int ITEMS = 100;
    static final int MAX_DB_MS = 1000;
    private static final Logger LOG = Logger.getLogger(ItemServlet.class.getName());

    @Resource(lookup = "jdbc/inventory")
    private DataSource db;

    private final AtomicLong onVirtual = new AtomicLong();
    private final AtomicLong onPlatform = new AtomicLong();

    @Override
    public void init() throws ServletException {
        try (Connection c = db.getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS item (id INT PRIMARY KEY, name VARCHAR(40), stock INT)");
            s.execute("CREATE ALIAS IF NOT EXISTS SLOW_QUERY FOR 'java.lang.Thread.sleep(long)'");
            s.execute("MERGE INTO item KEY (id) SELECT x, 'item ' || x, 10 * x FROM SYSTEM_RANGE(1, " + ITEMS + ")");
        } catch (SQLException e) {
            throw new ServletException("could not set up the inventory database", e);
        }
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        Integer id = parse(req.getParameter("id"), 1, ITEMS);
        Integer dbMs =
                req.getParameter("dbMs") == null ? Integer.valueOf(20) : parse(req.getParameter("dbMs"), 0, MAX_DB_MS);
        if (id == null || dbMs == null) {
            resp.setStatus(400);
            resp.setContentType("application/json");
            resp.getWriter()
                    .write(
                            id == null
                                    ? "{\"error\":\"id must be a whole number from 1 to " + ITEMS + "\"}"
                                    : "{\"error\":\"dbMs must be a whole number from 0 to " + MAX_DB_MS + "\"}");
            return;
        }
        boolean virtual = Thread.currentThread().isVirtual();
        (virtual ? onVirtual : onPlatform).incrementAndGet();
        try (Connection c = db.getConnection()) {
            try (PreparedStatement slow = c.prepareStatement("CALL SLOW_QUERY(?)")) {
                slow.setLong(1, dbMs);
                slow.execute();
            }
            try (PreparedStatement q = c.prepareStatement("SELECT name, stock FROM item WHERE id = ?")) {
                q.setInt(1, id);
                try (ResultSet rs = q.executeQuery()) {
                    rs.next();
                    resp.setContentType("application/json");
                    resp.getWriter()
                            .write("{\"id\":" + id + ",\"name\":\"" + rs.getString(1) + "\",\"stock\":" + rs.getInt(2)
                                    + ",\"thread\":\"" + (virtual ? "virtual" : "platform") + "\"}");
                }
            }
        } catch (SQLException e) {
            resp.sendError(503, "database: " + e.getMessage());
        }
    }

    @Override
    public void destroy() {
        LOG.info("inventory: " + onVirtual.get() + " requests ran on virtual threads, " + onPlatform.get()
                + " on platform threads");
    }

    private static Integer parse(String value, int min, int max) {
        try {
            int v = Integer.parseInt(value);
            return v >= min && v <= max ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
