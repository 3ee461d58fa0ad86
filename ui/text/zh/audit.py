"""audit 页面的中文文本（与 ui/text/audit.py 的键和占位符一一对应）。"""

TEXT: dict[str, str] = {
    "title": "审计：每个机制都兑现了它的承诺吗？",
    "intro": (
        "一个机制承诺 ε：在两个相邻的输入上，任何一组输出在其中一个上的概率至多是另一个上的 e^ε 倍。审计在两个输入上"
        "各抽取大量输出，找到最能区分它们的检验；经多重检验校正的 Clopper-Pearson 区间把检验的错误率变成真实 ε 的一个"
        "下界（Jagielski、Ullman、Oprea，2020）。正确的机制其下界不会超过承诺；有缺陷的机制其下界会超过承诺。随后一个"
        "精确检验逐个询问：另一个输入究竟能否产生这个输出；不能产生的输出在那里的概率为 0，所以无论 ε 多大，δ 都至少"
        "要等于它的概率。下面有三个机制是**故意做坏的**；本应用的模拟所用的 numpy 拉普拉斯和高斯同样通不过精确检验。"
    ),
    "mechanism": "机制",
    "draws": "每个输入上抽取的输出数",
    "method": (
        "输入：噪声机制用计数 10 对 11；随机响应用回答“是”对“否”；指数机制用一张投票表对移动了一票的同一张表；本地协议用"
        "一个用户的第 0 项对第 1 项（共 8 项）。前一半抽样用来挑选阈值，后一半用来测量，所以下界在所述置信度下是可靠的。"
        "精确检验按抽样器自身的运算检查每个输入上的前 5,000 个输出。这是用侧栏随机种子做的**模拟**。"
    ),
    "chart_title": "抽取 {draws} 个输出后 ε 的下界：\n随抽样数增加而收紧",
    "draws_axis": "每个输入上抽取的输出数",
    "epsilon_axis": "ε",
    "series_title": "审计",
    "bound_line": "从输出得到的下界",
    "promise_line": "承诺的 ε",
    "verdict_consistent": (
        "每个输入抽取 {draws} 个输出时，审计显示 ε ≥ **{bound}**，承诺为 ε = {eps}（δ = {delta}）：与承诺**一致**"
        "（误报风险 {alpha}）。审计只能抓出有缺陷的机制，永远无法证明机制正确：证明靠的是数学。"
    ),
    "verdict_violates": (
        "每个输入抽取 {draws} 个输出时，审计显示 ε ≥ **{bound}**，超过了承诺的 ε = {eps}（δ = {delta}）：这个机制"
        "**违背了承诺**（误报的可能性低于 {alpha}）。"
    ),
    "ruled_out": (
        "在检查的 {checked} 个输出中，有 {share} 根本不可能来自另一个输入：浮点数的舍入留下了能识别输入的空隙"
        "（Mironov，2012），无论 ε 多大，δ 都至少要等于这些输出的概率。OpenDP 精确地抽取噪声，不会留下这样的空隙。"
        "（图中把无穷大的下界画在承诺的 4 倍处。）"
    ),
    "gap_none": "精确检验在检查的 {checked} 个输出中没有发现另一个输入不可能产生的输出：没有能识别输入的空隙。",
    "simulation": (
        "这是 numpy 的抽样器，与本应用的模拟相同：它是机制的**模拟**，不是发布。numpy 的浮点抽样器并非为精确满足差分隐私"
        "而设计（它的拉普拉斯就不满足），所以发布用 OpenDP 抽取。"
    ),
    "mech_laplace": "拉普拉斯（numpy 模拟）",
    "mech_laplace_opendp": "拉普拉斯（OpenDP，与发布时相同）",
    "mech_discrete_laplace": "离散拉普拉斯（numpy 模拟）",
    "mech_gaussian": "高斯（numpy 模拟，解析校准，δ = 10⁻⁵）",
    "mech_randomized_response": "随机响应",
    "mech_exponential": "指数机制（投票）",
    "mech_ldp_grr": "本地协议 GRR",
    "mech_ldp_sue": "本地协议 SUE（基本 RAPPOR）",
    "mech_ldp_oue": "本地协议 OUE",
    "mech_ldp_blh": "本地协议 BLH",
    "mech_ldp_olh": "本地协议 OLH",
    "mech_ldp_hr": "本地协议 Hadamard",
    "mech_ldp_kss": "本地协议 k-子集",
    "mech_broken_laplace_half_scale": "有缺陷：尺度减半的拉普拉斯",
    "mech_broken_gaussian_classic": "有缺陷：ε = 10 时的经典高斯",
    "mech_broken_naive_laplace": "有缺陷：教科书式浮点拉普拉斯",
}
