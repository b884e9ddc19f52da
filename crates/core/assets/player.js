// Blockslide's web player: draws a puzzle as the app draws it and plays it by the core's move
// rules. Plain JavaScript, no dependency, no build step; `blockslide export html` embeds it in
// the page with the puzzles' data (the JSON element `blockslide-data`). The page's API for
// automation is `window.blockslide` (see docs/web-page.md).
(function () {
  'use strict';

  var DATA = JSON.parse(document.getElementById('blockslide-data').textContent);
  var DIRS = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };
  var ORDER = ['up', 'down', 'left', 'right'];
  var METRICS = ['step', 'slide', 'move'];
  var SVGNS = 'http://www.w3.org/2000/svg';

  // The board's colours are the core's palette (crates/core/src/model/palette.rs), the
  // app's; the marks of a hinted and a selected piece are the page's own.
  var COLORS = DATA.colors;
  COLORS.hint = '#ffd000';
  COLORS.select = '#ffffff';
  var CELL = 120; // the SVG's units per cell: radii, gaps and strokes as the app draws a board of this size
  var EXIT_SPACE = 28;

  // ---------------------------------------------------------------- rules

  // The move rules of one puzzle: a position is an array of cell texts, row-major ('.' empty,
  // '#' wall, else a piece's token), as the file format writes them.
  function Rules(p) {
    this.p = p;
    this.rows = p.rows;
    this.cols = p.cols;
    this.closed = {};
    for (var t in p.pieces) {
      var set = {};
      p.pieces[t].closed.forEach(function (i) { set[i] = true; });
      this.closed[t] = set;
    }
  }

  // The pieces of `pos` in reading order of their first cell, each with its cells.
  Rules.prototype.pieces = function (pos) {
    var order = [], cells = {};
    for (var i = 0; i < pos.length; i++) {
      var t = pos[i];
      if (t === '.' || t === '#') continue;
      if (!cells[t]) { cells[t] = []; order.push(t); }
      cells[t].push(i);
    }
    return order.map(function (t) { return { token: t, cells: cells[t] }; });
  };

  Rules.prototype.axisAllows = function (token, dir) {
    var piece = this.p.pieces[token];
    var axis = piece ? piece.axis : 'free';
    if (axis === 'horizontal') return dir === 'left' || dir === 'right';
    if (axis === 'vertical') return dir === 'up' || dir === 'down';
    return true;
  };

  // Whether `token`'s piece (at `cells` in `pos`) may stand shifted by (dr, dc): every cell on
  // the board, not a wall, not another piece's, not in a zone closed to it.
  Rules.prototype.fits = function (pos, token, cells, dr, dc) {
    var closed = this.closed[token] || {};
    for (var k = 0; k < cells.length; k++) {
      var r = Math.floor(cells[k] / this.cols) + dr, c = cells[k] % this.cols + dc;
      if (r < 0 || c < 0 || r >= this.rows || c >= this.cols) return false;
      var j = r * this.cols + c, there = pos[j];
      if (there !== '.' && there !== token) return false;
      if (closed[j]) return false;
    }
    return true;
  };

  // Every offset `token`'s piece reaches by unit steps (the move metric), with the steps of a
  // shortest way there, breadth first from where it stands.
  Rules.prototype.reach = function (pos, token, cells) {
    var self = this, seen = { '0,0': true }, out = [], queue = [{ dr: 0, dc: 0, steps: [] }];
    for (var q = 0; q < queue.length; q++) {
      var at = queue[q];
      ORDER.forEach(function (d) {
        if (!self.axisAllows(token, d)) return;
        var dr = at.dr + DIRS[d][0], dc = at.dc + DIRS[d][1], key = dr + ',' + dc;
        if (seen[key] || !self.fits(pos, token, cells, dr, dc)) return;
        seen[key] = true;
        var next = { dr: dr, dc: dc, steps: at.steps.concat([d]) };
        queue.push(next);
        out.push(next);
      });
    }
    return out;
  };

  // The legal moves of `pos` in `metric`, each as { piece, steps }.
  Rules.prototype.moves = function (pos, metric) {
    var self = this, out = [];
    this.pieces(pos).forEach(function (piece) {
      var t = piece.token, cells = piece.cells;
      if (metric === 'move') {
        self.reach(pos, t, cells).forEach(function (m) { out.push({ piece: t, steps: m.steps }); });
        return;
      }
      ORDER.forEach(function (d) {
        if (!self.axisAllows(t, d)) return;
        var steps = [];
        for (var k = 1; self.fits(pos, t, cells, k * DIRS[d][0], k * DIRS[d][1]); k++) {
          steps.push(d);
          out.push({ piece: t, steps: steps.slice() });
          if (metric === 'step') break;
        }
      });
    });
    return out;
  };

  function displacement(move) {
    var dr = 0, dc = 0;
    (move.steps || []).forEach(function (d) {
      if (!DIRS[d]) throw new Error('unknown direction: ' + d);
      dr += DIRS[d][0]; dc += DIRS[d][1];
    });
    return [dr, dc];
  }

  // The legal move of `pos` in `metric` that takes the same piece to the same place as `move`
  // (a move is its piece and where it ends), or null.
  Rules.prototype.find = function (pos, metric, move) {
    if (!move || typeof move.piece !== 'string') return null;
    var want = displacement(move);
    var all = this.moves(pos, metric);
    for (var i = 0; i < all.length; i++) {
      var d = displacement(all[i]);
      if (all[i].piece === move.piece && d[0] === want[0] && d[1] === want[1]) return all[i];
    }
    return null;
  };

  // `pos` after `move` (assumed legal).
  Rules.prototype.apply = function (pos, move) {
    var d = displacement(move), out = pos.slice(), moved = [];
    for (var i = 0; i < pos.length; i++) {
      if (pos[i] === move.piece) { out[i] = '.'; moved.push(i); }
    }
    var cols = this.cols;
    moved.forEach(function (i) { out[i + d[0] * cols + d[1]] = move.piece; });
    return out;
  };

  // The kind of a token: pieces of one kind stand in for each other in the goal.
  Rules.prototype.kind = function (t) {
    var piece = this.p.pieces[t];
    return piece ? piece.kind : '\u0000' + t;
  };

  // Whether `pos` satisfies the goal (the core's model/goal.rs: anchored or anywhere, kinds,
  // each goal token covered by one piece, distinct tokens by distinct pieces).
  Rules.prototype.solved = function (pos) {
    var p = this.p, cells = [];
    p.goal.forEach(function (t, i) { if (t !== null) cells.push([Math.floor(i / p.cols), i % p.cols, t]); });
    var offsets = [[0, 0]];
    if (p.anywhere && cells.length) {
      var rs = cells.map(function (c) { return c[0]; }), cs = cells.map(function (c) { return c[1]; });
      var r0 = Math.min.apply(null, rs), r1 = Math.max.apply(null, rs);
      var c0 = Math.min.apply(null, cs), c1 = Math.max.apply(null, cs);
      offsets = [];
      for (var dr = -r0; dr < p.rows - r1; dr++) for (var dc = -c0; dc < p.cols - c1; dc++) offsets.push([dr, dc]);
    }
    var self = this;
    return offsets.some(function (o) {
      var assigned = {}, used = {};
      for (var k = 0; k < cells.length; k++) {
        var r = cells[k][0] + o[0], c = cells[k][1] + o[1], want = cells[k][2];
        if (r < 0 || c < 0 || r >= p.rows || c >= p.cols) return false;
        var have = pos[r * p.cols + c];
        if (have === '.' || have === '#') return false;
        if (assigned[want] !== undefined) {
          if (assigned[want] !== have) return false;
        } else {
          if (have !== want && self.kind(have) !== self.kind(want)) return false;
          if (used[have]) return false;
          assigned[want] = have;
          used[have] = true;
        }
      }
      return true;
    });
  };

  // The position as the file format's rows (cells aligned to the widest token).
  Rules.prototype.rowsOf = function (pos) {
    var width = 1, cols = this.cols, out = [];
    pos.forEach(function (t) { width = Math.max(width, t.length); });
    for (var r = 0; r < this.rows; r++) {
      var row = pos.slice(r * cols, (r + 1) * cols).map(function (t) {
        while (t.length < width) t += ' ';
        return t;
      });
      out.push(row.join(' ').replace(/\s+$/, ''));
    }
    return out;
  };

  // A position from rows of the file format (cells separated by spaces).
  Rules.prototype.parse = function (rows) {
    var cells = [];
    rows.forEach(function (row) { row.trim().split(/\s+/).forEach(function (t) { cells.push(t); }); });
    if (rows.length !== this.rows || cells.length !== this.rows * this.cols) {
      throw new Error('the rows are not a ' + this.rows + 'x' + this.cols + ' board');
    }
    var start = this.p.cells, count = {}, want = {};
    cells.forEach(function (t) { count[t] = (count[t] || 0) + 1; });
    start.forEach(function (t) { want[t] = (want[t] || 0) + 1; });
    cells.forEach(function (t, i) {
      if ((t === '#') !== (start[i] === '#')) throw new Error('walls differ from the puzzle');
      if (t !== '.' && t !== '#' && count[t] !== want[t]) throw new Error('piece ' + t + ' differs from the puzzle');
    });
    return cells;
  };

  // A key that takes pieces of one kind for one another.
  Rules.prototype.key = function (pos) {
    var self = this, table = this.p.table;
    if (table) {
      return pos.map(function (t) { return t === '.' || t === '#' ? t : table.symbols[t]; }).join('');
    }
    return pos.map(function (t) { return t === '.' || t === '#' ? t : self.kind(t); }).join('\u0001');
  };

  // ---------------------------------------------------------------- drawing

  function el(name, attrs, parent) {
    var node = document.createElementNS(SVGNS, name);
    for (var a in attrs) node.setAttribute(a, attrs[a]);
    if (parent) parent.appendChild(node);
    return node;
  }

  function clamp(v, lo, hi) { return Math.max(lo, Math.min(hi, v)); }

  // A darker copy of `hex` (each channel times `f`), as the app's piece rims.
  function darker(hex, f) {
    var n = parseInt(hex.slice(1), 16);
    var ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(function (v) { return Math.round(v * f); });
    return 'rgb(' + ch.join(',') + ')';
  }

  // A rectangle with its own radius at each corner, as a path.
  function roundRect(x0, y0, x1, y1, nw, ne, se, sw) {
    return 'M' + (x0 + nw) + ',' + y0 + 'H' + (x1 - ne) +
      (ne ? 'A' + ne + ',' + ne + ' 0 0 1 ' + x1 + ',' + (y0 + ne) : '') + 'V' + (y1 - se) +
      (se ? 'A' + se + ',' + se + ' 0 0 1 ' + (x1 - se) + ',' + y1 : '') + 'H' + (x0 + sw) +
      (sw ? 'A' + sw + ',' + sw + ' 0 0 1 ' + x0 + ',' + (y1 - sw) : '') + 'V' + (y0 + nw) +
      (nw ? 'A' + nw + ',' + nw + ' 0 0 1 ' + (x0 + nw) + ',' + y0 : '') + 'Z';
  }

  // The outline of a set of cells: every edge between a cell of the set and one outside it.
  function outlinePath(g, cells, shift) {
    var set = {}, d = '';
    cells.forEach(function (i) { set[i] = true; });
    cells.forEach(function (i) {
      var r = Math.floor(i / g.cols), c = i % g.cols;
      var x0 = g.x + c * CELL + shift[0], y0 = g.y + r * CELL + shift[1], x1 = x0 + CELL, y1 = y0 + CELL;
      var has = function (rr, cc) { return rr >= 0 && cc >= 0 && rr < g.rows && cc < g.cols && set[rr * g.cols + cc]; };
      if (!has(r - 1, c)) d += 'M' + x0 + ',' + y0 + 'H' + x1;
      if (!has(r + 1, c)) d += 'M' + x0 + ',' + y1 + 'H' + x1;
      if (!has(r, c - 1)) d += 'M' + x0 + ',' + y0 + 'V' + y1;
      if (!has(r, c + 1)) d += 'M' + x1 + ',' + y0 + 'V' + y1;
    });
    return d;
  }

  // An arrowhead with its tip at (x, y) pointing `dir`.
  function arrowhead(parent, x, y, dir, size, fill, opacity) {
    var v = DIRS[dir], bx = x - v[1] * size, by = y - v[0] * size, px = -v[0] * size * 0.7, py = v[1] * size * 0.7;
    el('path', {
      d: 'M' + x + ',' + y + 'L' + (bx + px) + ',' + (by + py) + 'L' + (bx - px) + ',' + (by - py) + 'Z',
      fill: fill, 'fill-opacity': opacity
    }, parent);
  }

  // The 4-connected parts of a set of cells, each sorted.
  function parts(cells, cols) {
    var seen = {}, out = [];
    cells.forEach(function (start) {
      if (seen[start]) return;
      seen[start] = true;
      var part = [start];
      for (var k = 0; k < part.length; k++) {
        var r = Math.floor(part[k] / cols), c = part[k] % cols;
        cells.forEach(function (j) {
          var rr = Math.floor(j / cols), cc = j % cols;
          if (!seen[j] && Math.abs(r - rr) + Math.abs(c - cc) === 1) { seen[j] = true; part.push(j); }
        });
      }
      out.push(part.sort(function (a, b) { return a - b; }));
    });
    return out;
  }

  // Where a piece's label goes: the centre of its bounding box when the piece covers it, else
  // the centre of the nearest of its cells (the one with most neighbours among equals).
  function labelAt(g, cells) {
    var rs = cells.map(function (i) { return Math.floor(i / g.cols); });
    var cs = cells.map(function (i) { return i % g.cols; });
    var cx = (Math.min.apply(null, cs) + Math.max.apply(null, cs) + 1) / 2;
    var cy = (Math.min.apply(null, rs) + Math.max.apply(null, rs) + 1) / 2;
    var has = function (x, y) { return cells.indexOf(Math.floor(y) * g.cols + Math.floor(x)) >= 0; };
    if (has(cx - 0.25, cy - 0.25) && has(cx + 0.25, cy - 0.25) && has(cx - 0.25, cy + 0.25) && has(cx + 0.25, cy + 0.25)) {
      return [cx, cy];
    }
    var best = null;
    cells.forEach(function (i) {
      var x = i % g.cols + 0.5, y = Math.floor(i / g.cols) + 0.5;
      var dist = (x - cx) * (x - cx) + (y - cy) * (y - cy);
      var nb = cells.filter(function (j) {
        return Math.abs(Math.floor(j / g.cols) - Math.floor(i / g.cols)) + Math.abs(j % g.cols - i % g.cols) === 1;
      }).length;
      if (!best || dist < best.dist - 1e-9 || (Math.abs(dist - best.dist) < 1e-9 && nb > best.nb)) {
        best = { dist: dist, nb: nb, at: [x, y] };
      }
    });
    return best.at;
  }

  // Draws the puzzle `p` at position `pos` into `svg`; `marks` holds the selected and hinted
  // pieces, a dragged piece's shift in points, and whether to outline a tile goal.
  function draw(svg, p, pos, marks) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var sides = {};
    p.exits.forEach(function (e) { sides[e.side] = true; });
    var m = { up: 8 + (sides.up ? EXIT_SPACE : 0), down: 8 + (sides.down ? EXIT_SPACE : 0),
      left: 8 + (sides.left ? EXIT_SPACE : 0), right: 8 + (sides.right ? EXIT_SPACE : 0) };
    var w = p.cols * CELL, h = p.rows * CELL;
    var g = { x: m.left, y: m.up, rows: p.rows, cols: p.cols };
    svg.setAttribute('viewBox', '0 0 ' + (w + m.left + m.right) + ' ' + (h + m.up + m.down));
    svg.setAttribute('data-cell', CELL);
    svg.setAttribute('data-x', g.x);
    svg.setAttribute('data-y', g.y);
    var radius = clamp(CELL * 0.16, 1, 12), gap = clamp(CELL * 0.06, 1, 4);
    var defs = el('defs', {}, svg);
    var pat = el('pattern', { id: 'hatch', width: CELL / 5, height: CELL / 5, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, defs);
    el('line', { x1: 0, y1: 0, x2: 0, y2: CELL / 5, stroke: COLORS.hatch, 'stroke-width': 2 }, pat);
    el('rect', { x: g.x - 5, y: g.y - 5, width: w + 10, height: h + 10, rx: radius + 3, fill: COLORS.frame }, svg);
    drawExits(svg, p, g);
    var rect = function (i) { return [g.x + (i % p.cols) * CELL, g.y + Math.floor(i / p.cols) * CELL]; };
    var shiftOf = function (t) { return marks.drag && marks.drag.token === t ? marks.drag.shift : [0, 0]; };
    pos.forEach(function (t, i) {
      var at = rect(i);
      if (t === '#') {
        el('rect', { x: at[0], y: at[1], width: CELL, height: CELL, fill: COLORS.wall }, svg);
        el('rect', { x: at[0], y: at[1], width: CELL, height: CELL, fill: 'url(#hatch)' }, svg);
      } else if (t === '.' || shiftOf(t)[0] || shiftOf(t)[1]) {
        var s = CELL * 0.03;
        el('rect', { x: at[0] + s, y: at[1] + s, width: CELL - 2 * s, height: CELL - 2 * s, rx: 2, fill: COLORS.empty }, svg);
      }
    });
    p.zones.forEach(function (z) {
      z.cells.forEach(function (i) {
        if (p.cells[i] === '#') return;
        var at = rect(i), s = CELL * 0.03;
        el('rect', { x: at[0] + s, y: at[1] + s, width: CELL - 2 * s, height: CELL - 2 * s, rx: 2, fill: z.color, 'fill-opacity': 0.32 }, svg);
      });
    });
    var rules = new Rules(p), pieces = rules.pieces(pos);
    var still = pieces.filter(function (pc) { var s = shiftOf(pc.token); return !s[0] && !s[1]; });
    var moving = pieces.filter(function (pc) { return still.indexOf(pc) < 0; });
    var labels = still.map(function (pc) { return drawPiece(svg, p, g, pc, [0, 0], radius, gap); });
    if (!p.tiles || marks.showGoal) drawGoal(svg, p, g, pos);
    labels.forEach(function (l) { drawLabels(svg, l); });
    drawZoneMarks(svg, p, g);
    moving.forEach(function (pc) { drawLabels(svg, drawPiece(svg, p, g, pc, shiftOf(pc.token), radius, gap)); });
    // The hint's mark over the selection's: a hinted piece is selected too.
    [[marks.selected, COLORS.select, 3], [marks.hint, COLORS.hint, 3]].forEach(function (mk) {
      if (!mk[0]) return;
      var pc = pieces.filter(function (x) { return x.token === mk[0]; })[0];
      if (pc) el('path', { d: outlinePath(g, pc.cells, shiftOf(pc.token)), stroke: mk[1], 'stroke-width': mk[2], fill: 'none', 'stroke-linecap': 'round', 'class': 'mark' }, svg);
    });
  }

  function drawPiece(svg, p, g, pc, shift, radius, gap) {
    var style = p.pieces[pc.token] || { fill: '#cccccc', text: '#1a1a1a', axis: 'free' };
    var cells = pc.cells, group = el('g', { 'class': 'piece', 'data-piece': pc.token }, svg);
    var has = function (r, c) { return r >= 0 && c >= 0 && r < p.rows && c < p.cols && cells.indexOf(r * p.cols + c) >= 0; };
    [[darker(style.fill, 0.62), 0], [style.fill, 1.2]].forEach(function (layer) {
      var d = '';
      cells.forEach(function (i) {
        var r = Math.floor(i / p.cols), c = i % p.cols;
        var x0 = g.x + c * CELL + shift[0], y0 = g.y + r * CELL + shift[1];
        var up = has(r - 1, c), down = has(r + 1, c), left = has(r, c - 1), right = has(r, c + 1);
        var edge = function (joined) { return joined ? 0 : gap + layer[1]; };
        var rr = Math.max(0, Math.floor(radius - layer[1]));
        var round = function (a, b) { return a || b ? 0 : rr; };
        d += roundRect(x0 + edge(left), y0 + edge(up), x0 + CELL - edge(right), y0 + CELL - edge(down),
          round(up, left), round(up, right), round(down, right), round(down, left));
      });
      el('path', { d: d, fill: layer[0] }, group);
    });
    var size = CELL * (pc.token.length > 2 ? 0.32 : 0.42), out = [];
    parts(cells, p.cols).forEach(function (part) {
      var at = labelAt(g, part), x = g.x + at[0] * CELL + shift[0], y = g.y + at[1] * CELL + shift[1];
      if (style.axis !== 'free') {
        var horizontal = style.axis === 'horizontal';
        var lr = Math.floor(at[1]), lc = Math.floor(at[0]);
        var along = part.filter(function (i) { return horizontal ? Math.floor(i / p.cols) === lr : i % p.cols === lc; })
          .map(function (i) { return horizontal ? i % p.cols : Math.floor(i / p.cols); });
        var lo = Math.min.apply(null, along), hi = Math.max.apply(null, along), inset = gap + CELL * 0.1;
        var head = clamp(CELL * 0.11, 3, 10);
        if (horizontal) {
          arrowhead(group, g.x + lo * CELL + inset + shift[0], y, 'left', head, style.text, 0.6);
          arrowhead(group, g.x + (hi + 1) * CELL - inset + shift[0], y, 'right', head, style.text, 0.6);
        } else {
          arrowhead(group, x, g.y + lo * CELL + inset + shift[1], 'up', head, style.text, 0.6);
          arrowhead(group, x, g.y + (hi + 1) * CELL - inset + shift[1], 'down', head, style.text, 0.6);
        }
      }
      out.push({ group: group, x: x, y: y, size: size, token: pc.token, style: style });
    });
    return out;
  }

  function drawLabels(svg, labels) {
    labels.forEach(function (l) {
      var wide = l.size * 0.62 * l.token.length + l.size * 0.24;
      el('rect', { x: l.x - wide / 2, y: l.y - l.size * 0.62, width: wide, height: l.size * 1.24, rx: l.size * 0.2, fill: l.style.fill }, l.group);
      var text = el('text', { x: l.x, y: l.y, 'font-size': l.size, fill: l.style.text, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, l.group);
      text.textContent = l.token;
    });
  }

  // The goal's dashed outline, on the cells the goal still wants covered otherwise.
  function drawGoal(svg, p, g, pos) {
    var d = '', inset = CELL * 0.12;
    var wanted = function (r, c, t) {
      return r >= 0 && c >= 0 && r < p.rows && c < p.cols && p.goal[r * p.cols + c] === t && pos[r * p.cols + c] !== t;
    };
    p.goal.forEach(function (t, i) {
      if (t === null) return;
      var r = Math.floor(i / p.cols), c = i % p.cols;
      if (!wanted(r, c, t)) return;
      var x0 = g.x + c * CELL + inset, y0 = g.y + r * CELL + inset, x1 = x0 + CELL - 2 * inset, y1 = y0 + CELL - 2 * inset;
      var differs = function (dr, dc) { return !wanted(r + dr, c + dc, t); };
      var ax = differs(0, -1) ? x0 : x0 - inset, bx = differs(0, 1) ? x1 : x1 + inset;
      var ay = differs(-1, 0) ? y0 : y0 - inset, by = differs(1, 0) ? y1 : y1 + inset;
      if (differs(-1, 0)) d += 'M' + ax + ',' + y0 + 'H' + bx;
      if (differs(1, 0)) d += 'M' + ax + ',' + y1 + 'H' + bx;
      if (differs(0, -1)) d += 'M' + x0 + ',' + ay + 'V' + by;
      if (differs(0, 1)) d += 'M' + x1 + ',' + ay + 'V' + by;
    });
    var dash = Math.max(CELL / 8, 2);
    if (d) el('path', { d: d, stroke: COLORS.goal, 'stroke-width': 2, fill: 'none', 'stroke-dasharray': dash + ' ' + dash * 0.7, 'class': 'goal' }, svg);
  }

  function drawZoneMarks(svg, p, g) {
    var font = clamp(CELL * 0.2, 8, 14);
    p.zones.forEach(function (z) {
      el('path', { d: outlinePath(g, z.cells, [0, 0]), stroke: z.color, 'stroke-width': clamp(CELL * 0.04, 1.5, 3), fill: 'none' }, svg);
      parts(z.cells, p.cols).forEach(function (part) {
        var i = part[0], x = g.x + (i % p.cols) * CELL + 4, y = g.y + Math.floor(i / p.cols) * CELL + 4;
        var wide = font * 0.62 * z.name.length + 6;
        el('rect', { x: x, y: y, width: wide, height: font + 4, rx: 3, fill: z.color }, svg);
        var text = el('text', { x: x + 3, y: y + font / 2 + 2, 'font-size': font, fill: '#ffffff', 'dominant-baseline': 'central' }, svg);
        text.textContent = z.name;
      });
    });
  }

  function drawExits(svg, p, g) {
    p.exits.forEach(function (e) {
      var r = e.side === 'left' || e.side === 'right' ? e.line : (e.side === 'up' ? 0 : p.rows - 1);
      var c = e.side === 'up' || e.side === 'down' ? e.line : (e.side === 'left' ? 0 : p.cols - 1);
      var x0 = g.x + c * CELL, y0 = g.y + r * CELL, inset = CELL * 0.12, v = DIRS[e.side];
      var strip = {
        right: [x0 + CELL, y0 + inset, 6, CELL - 2 * inset], left: [x0 - 6, y0 + inset, 6, CELL - 2 * inset],
        down: [x0 + inset, y0 + CELL, CELL - 2 * inset, 6], up: [x0 + inset, y0 - 6, CELL - 2 * inset, 6]
      }[e.side];
      el('rect', { x: strip[0], y: strip[1], width: strip[2], height: strip[3], fill: COLORS.exit }, svg);
      var cx = x0 + CELL / 2 + v[1] * CELL / 2, cy = y0 + CELL / 2 + v[0] * CELL / 2;
      var head = clamp(CELL * 0.25, 6, 12), tx = cx + v[1] * (EXIT_SPACE - 1), ty = cy + v[0] * (EXIT_SPACE - 1);
      el('line', { x1: cx + v[1] * 7, y1: cy + v[0] * 7, x2: tx - v[1] * head, y2: ty - v[0] * head, stroke: COLORS.exit, 'stroke-width': 4 }, svg);
      arrowhead(svg, tx, ty, e.side, head, COLORS.exit, 1);
    });
  }

  // ---------------------------------------------------------------- the game

  var $ = function (id) { return document.getElementById(id); };
  var ui = {};
  var game = null;

  function storageKey(p) { return 'blockslide:solved:' + p.id; }
  function remembered(p) {
    try { return window.localStorage.getItem(storageKey(p)) === '1'; } catch (e) { return false; }
  }
  function remember(p) {
    try { window.localStorage.setItem(storageKey(p), '1'); } catch (e) { /* storage may be off */ }
  }

  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }

  function Game(index) {
    this.index = index;
    this.p = DATA.puzzles[index];
    this.rules = new Rules(this.p);
    this.start = this.p.cells.slice();
    this.history = [this.start];
    this.moves = [];
    this.at = 0;
    this.selected = null;
    this.hint = null;
    this.viewing = null; // the solution step shown, while "show the solution" is open
  }
  Game.prototype.pos = function () { return this.history[this.at]; };
  Game.prototype.play = function (move) {
    var found = this.rules.find(this.pos(), this.p.metric, move);
    if (!found) return false;
    var next = this.rules.apply(this.pos(), found);
    this.history = this.history.slice(0, this.at + 1).concat([next]);
    this.moves = this.moves.slice(0, this.at).concat([found]);
    this.at += 1;
    this.hint = null;
    if (this.rules.solved(next)) remember(this.p);
    return true;
  };
  // Moves `token` by (dr, dc) as the player asked (a drag or a tap): one move when the metric
  // has it, else the unit steps of a shortest way there, grouped into the metric's moves.
  Game.prototype.playTo = function (token, dr, dc) {
    var pos = this.pos(), metric = this.p.metric;
    var cells = this.rules.pieces(pos).filter(function (x) { return x.token === token; })[0];
    if (!cells) return false;
    var way = this.rules.reach(pos, token, cells.cells).filter(function (m) { return m.dr === dr && m.dc === dc; })[0];
    if (!way) return false;
    if (this.rules.find(pos, metric, { piece: token, steps: way.steps })) return this.play({ piece: token, steps: way.steps });
    var groups = [];
    way.steps.forEach(function (d) {
      var last = groups[groups.length - 1];
      if (metric === 'slide' && last && last[0] === d) last.push(d); else groups.push([d]);
    });
    var self = this;
    return groups.every(function (steps) { return self.play({ piece: token, steps: steps }); });
  };
  Game.prototype.solutionPositions = function () {
    var out = [this.start], rules = this.rules;
    this.p.solution.forEach(function (m) { out.push(rules.apply(out[out.length - 1], m)); });
    return out;
  };
  // The next move of an optimal solution from here, with what to say, or why there is none.
  Game.prototype.nextOptimal = function () {
    var pos = this.pos(), rules = this.rules, p = this.p;
    if (rules.solved(pos)) return { text: 'Solved already.' };
    if (!DATA.solutions || !p.solution.length) return { text: 'No hint: ' + p.hint_note + '.' };
    var key = rules.key(pos), path = this.solutionPositions();
    for (var k = 0; k < p.solution.length; k++) {
      if (rules.key(path[k]) === key) {
        // The solution's piece may have a twin of its kind here: take the move that leads to
        // the solution's next position.
        var want = rules.key(path[k + 1]);
        var move = rules.moves(pos, p.metric).filter(function (m) { return rules.key(rules.apply(pos, m)) === want; })[0];
        if (move) return { move: move, left: p.solution.length - k };
      }
    }
    if (p.table) {
      var here = p.table.distances[key];
      if (here === undefined) return { text: 'No hint: the goal cannot be reached from here.' };
      var best = rules.moves(pos, p.metric).filter(function (m) { return p.table.distances[rules.key(rules.apply(pos, m))] === here - 1; })[0];
      if (best) return { move: best, left: here };
    }
    return { text: 'No hint from here: this position is off the optimal solution, and ' + p.hint_note + '.' };
  };

  function describe(move) {
    var runs = [];
    move.steps.forEach(function (d) {
      var last = runs[runs.length - 1];
      if (last && last[0] === d) last[1] += 1; else runs.push([d, 1]);
    });
    return move.piece + ' ' + runs.map(function (r) { return r[0] + (r[1] > 1 ? ' ' + r[1] : ''); }).join(', ');
  }

  function render() {
    var p = game.p, viewing = game.viewing !== null;
    var pos = viewing ? game.solutionPositions()[game.viewing] : game.pos();
    draw(ui.board, p, pos, {
      selected: viewing ? null : game.selected,
      hint: !viewing && game.hint ? game.hint.piece : null,
      drag: ui.drag,
      showGoal: ui.showGoal
    });
    var solved = game.rules.solved(pos);
    ui.count.textContent = plural(viewing ? game.viewing : game.at, 'move') + ' (' + p.metric + ' metric)';
    ui.optimal.textContent = p.optimal === null ? 'optimal length unknown' : 'optimal: ' + plural(p.optimal, 'move');
    ui.status.textContent = solved && !viewing
      ? 'Solved in ' + plural(game.at, 'move') + '! The optimal solution takes ' + (p.optimal === null ? 'an unknown number of' : p.optimal) + ' moves.'
      : '';
    ui.status.className = solved && !viewing ? 'solved' : '';
    document.body.setAttribute('data-solved', solved && !viewing ? 'true' : 'false');
    ui.undo.disabled = viewing || game.at === 0;
    ui.redo.disabled = viewing || game.at === game.history.length - 1;
    ui.restart.disabled = viewing;
    ui.hintButton.disabled = viewing || !DATA.solutions;
    ui.show.disabled = !DATA.solutions || !p.solution.length;
    ui.panel.hidden = !viewing;
    if (viewing) {
      ui.slider.max = p.solution.length;
      ui.slider.value = game.viewing;
      ui.step.textContent = game.viewing === 0 ? 'start' : 'move ' + game.viewing + ' of ' + p.solution.length + ': ' + describe(p.solution[game.viewing - 1]);
    }
    if (ui.menu) {
      Array.prototype.forEach.call(ui.menu.options, function (o, i) { o.textContent = menuLabel(i); });
    }
  }

  function say(text) { ui.message.textContent = text || ''; }

  function menuLabel(i) {
    var p = DATA.puzzles[i];
    return (i + 1) + '. ' + (p.name || 'Puzzle ' + (i + 1)) + (p.optimal === null ? '' : ' (' + plural(p.optimal, 'move') + ')') + (remembered(p) ? ' \u2713 solved' : '');
  }

  function load(index) {
    game = new Game(index);
    ui.drag = null;
    ui.puzzleName.textContent = game.p.name;
    ui.puzzleNotes.textContent = game.p.notes;
    var table = game.p.table;
    ui.hintScope.textContent = !DATA.solutions ? 'This page has no hints.'
      : table ? 'Hints from any position: the page knows the distance to the goal of all ' + table.positions.toLocaleString('en') + ' positions of this puzzle.'
        : game.p.solution.length ? 'Hints along the optimal solution only: ' + game.p.hint_note + '.' : 'No hints: ' + game.p.hint_note + '.';
    if (ui.menu) ui.menu.value = String(index);
    say('');
    render();
  }

  // The board cell under a pointer event, as [row, col], or null off the board.
  function cellAt(ev) {
    var pt = pointIn(ev), g = { x: +ui.board.getAttribute('data-x'), y: +ui.board.getAttribute('data-y') };
    var c = Math.floor((pt[0] - g.x) / CELL), r = Math.floor((pt[1] - g.y) / CELL);
    if (r < 0 || c < 0 || r >= game.p.rows || c >= game.p.cols) return null;
    return [r, c];
  }
  // The pointer in the board's own coordinates (the SVG may be scaled and letterboxed).
  function pointIn(ev) {
    var pt = ui.board.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    pt = pt.matrixTransform(ui.board.getScreenCTM().inverse());
    return [pt.x, pt.y];
  }

  function onDown(ev) {
    if (game.viewing !== null) return;
    var at = cellAt(ev);
    if (!at) return;
    var t = game.pos()[at[0] * game.p.cols + at[1]];
    if (t !== '.' && t !== '#') {
      ui.drag = { token: t, from: pointIn(ev), shift: [0, 0], moved: false, id: ev.pointerId };
      try { ui.board.setPointerCapture(ev.pointerId); } catch (e) { /* a synthetic pointer */ }
      ev.preventDefault();
    } else if (game.selected) {
      tapDestination(at);
    }
  }

  function onMove(ev) {
    var drag = ui.drag;
    if (!drag) return;
    var pt = pointIn(ev), dx = pt[0] - drag.from[0], dy = pt[1] - drag.from[1];
    if (Math.abs(dx) + Math.abs(dy) > CELL * 0.2) drag.moved = true;
    var dr = Math.round(dy / CELL), dc = Math.round(dx / CELL);
    var cells = game.rules.pieces(game.pos()).filter(function (x) { return x.token === drag.token; })[0].cells;
    var ok = (dr === 0 && dc === 0) || game.rules.reach(game.pos(), drag.token, cells).some(function (m) { return m.dr === dr && m.dc === dc; });
    if (ok) { drag.cell = [dr, dc]; drag.shift = [dc * CELL, dr * CELL]; render(); }
    ev.preventDefault();
  }

  function onUp(ev) {
    var drag = ui.drag;
    if (!drag) return;
    ui.drag = null;
    if (!drag.moved) {
      game.selected = game.selected === drag.token ? null : drag.token;
      say(game.selected ? 'Selected ' + game.selected + ': tap where it goes, or use the arrow keys.' : '');
    } else if (drag.cell && (drag.cell[0] || drag.cell[1])) {
      game.selected = drag.token;
      if (!game.playTo(drag.token, drag.cell[0], drag.cell[1])) say('It cannot move there.'); else say('');
    }
    render();
    ev.preventDefault();
  }

  // A tap on a free cell with a piece selected: the nearest place the piece reaches that
  // covers the cell.
  function tapDestination(at) {
    var pos = game.pos(), t = game.selected, cols = game.p.cols;
    var cells = game.rules.pieces(pos).filter(function (x) { return x.token === t; })[0];
    if (!cells) return;
    var target = at[0] * cols + at[1];
    var options = game.rules.reach(pos, t, cells.cells).filter(function (m) {
      return cells.cells.some(function (i) { return i + m.dr * cols + m.dc === target; });
    });
    if (!options.length) { say('It cannot move there.'); render(); return; }
    var best = options[0];
    say('');
    game.playTo(t, best.dr, best.dc);
    render();
  }

  function onKey(ev) {
    if (ev.target && (ev.target.tagName === 'INPUT' || ev.target.tagName === 'SELECT')) return;
    var key = ev.key, dir = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' }[key];
    if ((ev.ctrlKey || ev.metaKey) && (key === 'z' || key === 'Z')) { (ev.shiftKey ? redo : undo)(); ev.preventDefault(); return; }
    if ((ev.ctrlKey || ev.metaKey) && key === 'y') { redo(); ev.preventDefault(); return; }
    if (key === 'Escape') { game.selected = null; render(); return; }
    if ((key === 'g' || key === 'G') && game.p.tiles) { ui.showGoal = true; render(); return; }
    if (!dir || game.viewing !== null) return;
    ev.preventDefault();
    if (!game.selected) { say('Select a piece first: tap it.'); return; }
    var v = DIRS[dir];
    if (!game.playTo(game.selected, v[0], v[1])) say(game.selected + ' cannot move ' + dir + '.'); else say('');
    render();
  }

  function undo() { if (game.viewing === null && game.at > 0) { game.at -= 1; game.hint = null; say(''); render(); } }
  function redo() { if (game.viewing === null && game.at < game.history.length - 1) { game.at += 1; game.hint = null; say(''); render(); } }

  function button(label, action, parent) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', action);
    parent.appendChild(b);
    return b;
  }

  function build() {
    document.title = DATA.title;
    var body = document.body, header = document.createElement('header');
    var h1 = document.createElement('h1');
    h1.textContent = DATA.title;
    header.appendChild(h1);
    if (DATA.notes) {
      var notes = document.createElement('p');
      notes.className = 'notes';
      notes.textContent = DATA.notes;
      header.appendChild(notes);
    }
    body.appendChild(header);
    if (DATA.puzzles.length > 1) {
      ui.menu = document.createElement('select');
      ui.menu.id = 'menu';
      ui.menu.setAttribute('aria-label', 'Puzzle');
      DATA.puzzles.forEach(function (p, i) {
        var o = document.createElement('option');
        o.value = String(i);
        ui.menu.appendChild(o);
      });
      ui.menu.addEventListener('change', function () { load(+ui.menu.value); });
      header.appendChild(ui.menu);
    }
    var main = document.createElement('main');
    body.appendChild(main);
    var wrap = document.createElement('div');
    wrap.className = 'board';
    main.appendChild(wrap);
    ui.board = el('svg', { id: 'board', role: 'img' }, wrap);
    ui.board.setAttribute('aria-label', 'The puzzle board');
    var side = document.createElement('aside');
    main.appendChild(side);
    ui.puzzleName = document.createElement('h2');
    side.appendChild(ui.puzzleName);
    var counts = document.createElement('p');
    counts.className = 'counts';
    ui.count = document.createElement('span');
    ui.count.id = 'move-count';
    ui.optimal = document.createElement('span');
    ui.optimal.id = 'optimal';
    counts.appendChild(ui.count);
    counts.appendChild(document.createTextNode(' \u00b7 '));
    counts.appendChild(ui.optimal);
    side.appendChild(counts);
    ui.status = document.createElement('p');
    ui.status.id = 'status';
    ui.status.setAttribute('role', 'status');
    side.appendChild(ui.status);
    var bar = document.createElement('div');
    bar.className = 'buttons';
    side.appendChild(bar);
    ui.undo = button('Undo', undo, bar);
    ui.redo = button('Redo', redo, bar);
    ui.restart = button('Restart', function () { load(game.index); }, bar);
    ui.hintButton = button('Hint', function () {
      var h = game.nextOptimal();
      game.hint = h.move || null;
      if (h.move) game.selected = h.move.piece;
      say(h.move ? 'Hint: move ' + describe(h.move) + ' (' + plural(h.left, 'move') + ' to go).' : h.text);
      render();
    }, bar);
    ui.show = button('Show the solution', function () { game.viewing = 0; say(''); render(); }, bar);
    ui.hintButton.id = 'hint';
    ui.show.id = 'show-solution';
    ui.message = document.createElement('p');
    ui.message.id = 'message';
    side.appendChild(ui.message);
    ui.panel = document.createElement('div');
    ui.panel.id = 'solution';
    ui.panel.hidden = true;
    side.appendChild(ui.panel);
    ui.slider = document.createElement('input');
    ui.slider.type = 'range';
    ui.slider.min = 0;
    ui.slider.id = 'solution-slider';
    ui.slider.setAttribute('aria-label', 'Solution step');
    ui.slider.addEventListener('input', function () { game.viewing = +ui.slider.value; render(); });
    ui.panel.appendChild(ui.slider);
    ui.step = document.createElement('p');
    ui.panel.appendChild(ui.step);
    var controls = document.createElement('div');
    controls.className = 'buttons';
    ui.panel.appendChild(controls);
    button('\u25c0', function () { game.viewing = Math.max(0, game.viewing - 1); render(); }, controls);
    var playButton = button('Play', function () {
      if (ui.timer) { clearInterval(ui.timer); ui.timer = null; playButton.textContent = 'Play'; return; }
      if (game.viewing >= game.p.solution.length) game.viewing = 0;
      playButton.textContent = 'Pause';
      ui.timer = setInterval(function () {
        if (game.viewing === null || game.viewing >= game.p.solution.length) {
          clearInterval(ui.timer); ui.timer = null; playButton.textContent = 'Play'; return;
        }
        game.viewing += 1;
        render();
      }, 600);
    }, controls);
    button('\u25b6', function () { game.viewing = Math.min(game.p.solution.length, game.viewing + 1); render(); }, controls);
    button('Back to my game', function () { game.viewing = null; render(); }, controls);
    ui.hintScope = document.createElement('p');
    ui.hintScope.className = 'help';
    side.appendChild(ui.hintScope);
    ui.puzzleNotes = document.createElement('p');
    ui.puzzleNotes.className = 'notes';
    side.appendChild(ui.puzzleNotes);
    var help = document.createElement('p');
    help.className = 'help';
    help.textContent = 'Drag a piece, or tap it and then tap where it goes; arrow keys move the selected piece. Ctrl+Z undoes.';
    side.appendChild(help);
    ui.board.addEventListener('pointerdown', onDown);
    ui.board.addEventListener('pointermove', onMove);
    ui.board.addEventListener('pointerup', onUp);
    ui.board.addEventListener('pointercancel', function () { ui.drag = null; render(); });
    document.addEventListener('keydown', onKey);
    document.addEventListener('keyup', function (ev) { if (ev.key === 'g' || ev.key === 'G') { ui.showGoal = false; render(); } });
  }

  function copyMove(m) { return { piece: m.piece, steps: m.steps.slice() }; }

  // The page's API, for automation and tests (docs/web-page.md).
  window.blockslide = {
    moves: function (metric) {
      var m = metric || game.p.metric;
      if (METRICS.indexOf(m) < 0) throw new Error('unknown metric: ' + m);
      return game.rules.moves(game.pos(), m).map(copyMove);
    },
    play: function (move) { var ok = game.play(move); render(); return ok; },
    state: function () { return game.rules.rowsOf(game.pos()); },
    solved: function () { return game.rules.solved(game.pos()); },
    moveCount: function () { return game.at; },
    solution: function () { return DATA.solutions ? game.p.solution.map(copyMove) : []; },
    metric: function () { return game.p.metric; },
    optimal: function () { return game.p.optimal; },
    hint: function () { var h = game.nextOptimal(); return h.move ? copyMove(h.move) : null; },
    puzzles: function () { return DATA.puzzles.map(function (p) { return p.name; }); },
    select: function (i) { load(i); },
    load: function (rows) { var pos = game.rules.parse(rows); load(game.index); game.history = [pos]; render(); },
    peek: function (move, metric) {
      var found = game.rules.find(game.pos(), metric || game.p.metric, move);
      return found ? game.rules.rowsOf(game.rules.apply(game.pos(), found)) : null;
    },
    undo: undo,
    redo: redo,
    restart: function () { load(game.index); }
  };

  build();
  load(0);
}());
