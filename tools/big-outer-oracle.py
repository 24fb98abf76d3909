#!/usr/bin/env python3
"""Independent Big Outer Chess move counter (perft), written from rules/big-outer.md alone.

It shares no code or tables with the Rust rules core; it was used to confirm the Big Outer
perft numbers recorded in src/rules/variants/big_outer_tests.rs (initial position depth 3 =
233438, and the special castling / pawn / en passant positions). Slow (pure Python).

    python3 tools/big-outer-oracle.py "POSITION TEXT" DEPTH [--divide]
"""
import re
import sys

# Independent re-implementation of rules/big-outer.md §1-2 movement, from the rules text.
F="abcdefghijkl"
CORN={(-1,-1):"C1",(12,-1):"C2",(12,12):"C3",(-1,12):"C4"}
def onboard(f,r): return (0<=f<12 and 0<=r<12) or (f,r) in CORN
def name(f,r): return CORN.get((f,r)) or f"{F[f]}{r+1}"
def parse(n):
    for k,v in CORN.items():
        if v==n: return k
    return (F.index(n[0]), int(n[1:])-1)
def zone(f,r):
    if 4<=f<=7 and 4<=r<=7: return "central"
    if 2<=f<=9 and 2<=r<=9: return "mid"
    return "outer"
def syms(a,b):
    s=set()
    for x,y in ((a,b),(b,a)):
        for sx in (1,-1):
            for sy in (1,-1): s.add((x*sx,y*sy))
    return s
ORTH=[(0,1),(1,0),(0,-1),(-1,0)]; DIAG=[(1,1),(1,-1),(-1,-1),(-1,1)]
def moves(kind, at, occ):
    # Destinations of a piece with the squares in `occ` blocked (the per-zone lists in the tests).
    f,r=at; z=zone(f,r)
    lines=[]; rng=0; leaps=set()
    if kind=="G": lines,rng=DIAG,1; leaps=syms(3,1)
    if kind=="M": lines=ORTH+DIAG; rng={"outer":99,"mid":6,"central":3}[z]
    if kind=="J":
        lines,rng=ORTH+DIAG,1
        leaps={"outer":syms(3,0)|syms(3,3),"mid":syms(2,0)|syms(2,2),"central":set()}[z]
    if kind=="N": leaps={"central":syms(2,1),"mid":syms(3,1)|syms(2,2),"outer":syms(4,1)|syms(3,2)}[z]
    if kind=="Q": lines,rng=ORTH+DIAG,99
    if kind=="R": lines,rng=ORTH,99
    if kind=="B": lines,rng=DIAG,99
    out=set()
    for dx,dy in lines:
        x,y=f,r
        for i in range(rng):
            x+=dx;y+=dy
            if not onboard(x,y): break
            if (x,y) in occ: break
            out.add((x,y))
    for dx,dy in leaps:
        x,y=f+dx,r+dy
        if onboard(x,y) and (x,y) not in occ: out.add((x,y))
    return out
# Independent Big Outer perft from rules/big-outer.md (no code shared with the Rust crate).
CI={"C1":(-1,-1),"C2":(12,-1),"C3":(12,12),"C4":(-1,12)}
def leaps(k,z):
    if k=="G": return syms(3,1)
    if k=="N": return {"central":syms(2,1),"mid":syms(3,1)|syms(2,2),"outer":syms(4,1)|syms(3,2)}[z]
    if k=="J": return {"outer":syms(3,0)|syms(3,3),"mid":syms(2,0)|syms(2,2),"central":set()}[z]
    return set()
def lines(k,z):
    if k=="G": return DIAG,1
    if k in "KJ": return ORTH+DIAG,1
    if k=="M": return ORTH+DIAG,{"outer":99,"mid":6,"central":3}[z]
    if k=="Q": return ORTH+DIAG,99
    if k=="R": return ORTH,99
    if k=="B": return DIAG,99
    return [],0
def fwd(c): return 1 if c=="w" else -1
def other(c): return "b" if c=="w" else "w"
def attacked(bd,sq,by):
    # brute force: does any piece of `by` attack sq
    for (f,r),(c,k) in bd.items():
        if c!=by: continue
        if k=="P":
            if sq[1]==r+fwd(c) and abs(sq[0]-f)==1: return True
            continue
        z=zone(f,r)
        dx,dy=sq[0]-f,sq[1]-r
        if (dx,dy) in leaps(k,z): return True
        ls,rng=lines(k,z)
        for ux,uy in ls:
            x,y=f,r
            for i in range(rng):
                x+=ux;y+=uy
                if not onboard(x,y): break
                if (x,y)==sq: return True
                if (x,y) in bd: break
    return False
PROMO="QRBGMJN"
def castle_specs(c):
    if c=="w": return {"K":((5,0),(2,0),(1,0),(3,0)),"Q":((5,0),(8,0),(10,0),(7,0))}
    return {"k":((6,11),(9,11),(10,11),(8,11)),"q":((6,11),(3,11),(1,11),(4,11))}
def gen(st):
    bd,c,cr,ep=st
    out=[]
    for (f,r),(pc,k) in list(bd.items()):
        if pc!=c: continue
        if k=="P":
            d=fwd(c); start=1 if c=="w" else 10; last=11 if c=="w" else 0
            mx=4 if r==start else 2
            for n in range(1,mx+1):
                t=(f,r+d*n)
                if not onboard(*t) or t in bd: break
                if n>1 and t[1]==last: break
                if t[1]==last:
                    for p in PROMO: out.append(((f,r),t,p,None))
                else: out.append(((f,r),t,None,None))
            for df in (-1,1):
                t=(f+df,r+d)
                if not onboard(*t): continue
                if t in bd and bd[t][0]!=c:
                    if t[1]==last:
                        for p in PROMO: out.append(((f,r),t,p,None))
                    else: out.append(((f,r),t,None,None))
                elif t not in bd and ep and t in ep[1]:
                    out.append(((f,r),t,None,("ep",ep[0])))
            continue
        z=zone(f,r)
        for dx,dy in leaps(k,z):
            t=(f+dx,r+dy)
            if onboard(*t) and not (t in bd and bd[t][0]==c): out.append(((f,r),t,None,None))
        ls,rng=lines(k,z)
        for ux,uy in ls:
            x,y=f,r
            for i in range(rng):
                x+=ux;y+=uy
                if not onboard(x,y): break
                if (x,y) in bd:
                    if bd[(x,y)][0]!=c: out.append(((f,r),(x,y),None,None))
                    break
                out.append(((f,r),(x,y),None,None))
    for right,(kf,kt,rf,rt) in castle_specs(c).items():
        if right not in cr: continue
        if bd.get(kf)!=(c,"K") or bd.get(rf)!=(c,"R"): continue
        lo,hi=min(kf[0],rf[0]),max(kf[0],rf[0])
        between=[(x,kf[1]) for x in range(lo+1,hi)]
        if any(s in bd for s in between): continue
        if any(attacked(bd,s,other(c)) for s in [kf]+between): continue
        out.append((kf,kt,None,("castle",rf,rt)))
    legal=[]
    for m in out:
        nb=make_board(bd,c,m)
        ksq=[s for s,v in nb.items() if v==(c,"K")]
        if ksq and attacked(nb,ksq[0],other(c)): continue
        legal.append(m)
    return legal
def make_board(bd,c,m):
    fr,to,pr,sp=m
    nb=dict(bd)
    pc=nb.pop(fr)
    if sp and sp[0]=="ep": nb.pop(sp[1])
    if sp and sp[0]=="castle":
        nb.pop(sp[1]); nb[sp[2]]=(c,"R")
    nb[to]=(c,pr) if pr else pc
    return nb
def play(st,m):
    bd,c,cr,ep=st
    fr,to,pr,sp=m
    k=bd[fr][1]
    nb=make_board(bd,c,m)
    cr=set(cr)
    if k=="K": cr-= {"K","Q"} if c=="w" else {"k","q"}
    for col in "wb":
        for right,(kf,kt,rf,rt) in castle_specs(col).items():
            if fr==rf or to==rf: cr.discard(right)
    nep=None
    if k=="P" and abs(to[1]-fr[1])>=2:
        d=fwd(c)
        passed={(fr[0],fr[1]+d*i) for i in range(1,abs(to[1]-fr[1]))}
        nep=(to,passed)
    return (nb,other(c),frozenset(cr),nep)
def perft(st,d):
    ms=gen(st)
    if d==1: return len(ms)
    return sum(perft(play(st,m),d-1) for m in ms)
def read(text):
    f=text.split()
    bd={}
    ranks=f[0].split("/")
    for i,rt in enumerate(ranks):
        r=11-i; x=0
        for tok in re.findall(r"\d+|[A-Za-z]",rt):
            if tok.isdigit(): x+=int(tok)
            else:
                bd[(x,r)]=("w" if tok.isupper() else "b",tok.upper()); x+=1
    for i,ch in enumerate(f[1]):
        if ch!="-": bd[CI["C%d"%(i+1)]]=("w" if ch.isupper() else "b",ch.upper())
    c=f[2]; cr=frozenset(f[3]) if f[3]!="-" else frozenset()
    ep=None
    if f[4]!="-":
        sqs=[parse(n) for n in f[4].split(",")]
        last=sqs[-1]; mover=other(c)
        ep=((last[0],last[1]+fwd(mover)),set(sqs))
    return (bd,c,cr,ep)

def write(st):
    bd,c,cr,ep=st
    rows=[]
    for r in range(11,-1,-1):
        s="";e=0
        for f in range(12):
            v=bd.get((f,r))
            if v is None: e+=1; continue
            if e: s+=str(e); e=0
            s+=v[1] if v[0]=="w" else v[1].lower()
        if e: s+=str(e)
        rows.append(s)
    corners=""
    for n in ["C1","C2","C3","C4"]:
        v=bd.get(CI[n]); corners+="-" if v is None else (v[1] if v[0]=="w" else v[1].lower())
    rights="".join(x for x in "KQkq" if x in cr) or "-"
    eps="-"
    if ep:
        pawn,passed=ep
        d=1 if pawn[1]>min(p[1] for p in passed) else -1
        order=sorted(passed,key=lambda p:p[1]*d)
        eps=",".join(name(*p) for p in order)
    return f"{'/'.join(rows)} {corners} {c} {rights} {eps} 0 1"


if __name__ == "__main__":
    text=sys.argv[1]; d=int(sys.argv[2])
    st=read(text)
    if len(sys.argv)>3:
        for m in sorted(gen(st),key=lambda m:(name(*m[0]),name(*m[1]),m[2] or "")):
            print(name(*m[0])+name(*m[1])+(m[2].lower() if m[2] else ""), perft(play(st,m),d-1) if d>1 else 1)
    print("nodes",perft(st,d))
